// Generated from ReplyPreviewOptionsSchema by emitReader (@jangts/agent-types/internal): do not edit.
// reply-preview-options-reader.test.ts fails when this file differs from what emitReader writes now;
// `UPDATE_READERS=1 pnpm --filter @jangts/agent-preview exec vitest run reply-preview-options-reader` rewrites it.

import { arrayReader, constantsReader, kindReader, numberReader, objectReader, refinedReader, stringReader, unionReader, type Reader } from '@jangts/agent-types/internal';
import { pathSegmentIssue, replyPreviewRuleIssue, shadowedRuleIssue, whenSegmentIssue } from './reply-preview-checks.js';

const r0: Reader = stringReader("a non-empty string", 1);
const r1: Reader = stringReader("a non-empty string", 1);
const r2: Reader = refinedReader(stringReader("a non-empty string", 1), [pathSegmentIssue]);
const r3: Reader = arrayReader(r2, 1);
const r4: Reader = arrayReader(r3, 1);
const r5: Reader = refinedReader(stringReader("a non-empty string", 1), [whenSegmentIssue]);
const r6: Reader = arrayReader(r5, 1);
const r7: Reader = stringReader("a string");
const r8: Reader = arrayReader(r7, 1);
const r9: Reader = objectReader({ expected: "a plain object", properties: [["path", r6, "a list", false], ["values", r8, "a list", false]], required: ["path", "values"], patterns: [], closed: true, live: false });
const r10: Reader = refinedReader(objectReader({ expected: "a plain object", properties: [["toolId", r0, "a non-empty string", false], ["stageId", r1, "a non-empty string", false], ["paths", r4, "a list", false], ["when", r9, "a plain object", false]], required: [], patterns: [], closed: true, live: false }), [replyPreviewRuleIssue]);
const r11: Reader = arrayReader(r10, 1);
const r12: Reader = kindReader("function", "a function");
const r13: Reader = numberReader("an integer from 1 to 9007199254740991", true, 1, 9007199254740991);
const r14: Reader = constantsReader(["frame"], "\"frame\"");
const r15: Reader = numberReader("an integer from 0 to 2147483647", true, 0, 2147483647);
const r16: Reader = objectReader({ expected: "a plain object", properties: [["intervalMs", r15, "an integer", false]], required: ["intervalMs"], patterns: [], closed: true, live: false });
const r17: Reader = unionReader("\"frame\" or a plain object", [["string", [r14]], ["object", [r16]]]);
const r18: Reader = kindReader("boolean", "a boolean");

/** Reads a value as `compileReader` would read it against its schema. */
export const readReplyPreviewOptions: Reader = refinedReader(objectReader({ expected: "a plain object", properties: [["rules", r11, "a list", false], ["sink", r12, "a function", false], ["maxChars", r13, "an integer", false], ["coalesce", r17, "\"frame\" or a plain object", false], ["live", r18, "a boolean", false]], required: ["rules", "sink"], patterns: [], closed: true, live: false }), [shadowedRuleIssue]);
