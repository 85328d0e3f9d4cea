import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { EvidenceRecordSchema } from './log-record-to-evidence.js';
import type { ReflectionCoverageSchema} from './reflection-coverage.js';
import { type ReflectionCoverage } from './reflection-coverage.js';
import type { ReflectionEvidenceSchema} from './reflection-evidence.js';
import { type ReflectionEvidence } from './reflection-evidence.js';
import type { ReflectionLogSourceOptionsSchema} from './reflection-log-source-options.js';
import { type ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import type { ReflectionOptionsSchema} from './reflection-options.js';
import { type ReflectionOptions } from './reflection-options.js';
import type { ReflectionPageCoverageSchema, ReflectionPageSchema} from './reflection-page.js';
import { type ReflectionPage, type ReflectionPageCoverage } from './reflection-page.js';
import type { ReflectionQuerySchema} from './reflection-query.js';
import { type ReflectionQuery } from './reflection-query.js';
import type { ReflectionCitedEvidenceSchema, ReflectionFindingSchema, ReflectionReportSchema} from './reflection-report.js';
import { type ReflectionCitedEvidence, type ReflectionFinding, type ReflectionReport } from './reflection-report.js';
import type { ReflectionSourceSchema} from './reflection-source.js';
import { type ReflectionSource } from './reflection-source.js';
import type { LogRecord } from '@jangts/agent-types';

// The public types are written by hand (TSDoc on every field, `App` generics, `readonly`); each
// schema's static type must be one of them, with the same fields.
describe('the schemas and the public types agree', () => {
  it('a value the door returns is a value of the public type, field for field', () => {
    expectTypeOf<Static<typeof ReflectionQuerySchema>>().toExtend<ReflectionQuery>();
    expectTypeOf<keyof Static<typeof ReflectionQuerySchema>>().toEqualTypeOf<keyof ReflectionQuery>();
    expectTypeOf<Static<typeof ReflectionEvidenceSchema>>().toExtend<ReflectionEvidence>();
    expectTypeOf<keyof Static<typeof ReflectionEvidenceSchema>>().toEqualTypeOf<keyof ReflectionEvidence>();
    expectTypeOf<Static<typeof ReflectionPageCoverageSchema>>().toExtend<ReflectionPageCoverage>();
    expectTypeOf<keyof Static<typeof ReflectionPageCoverageSchema>>().toEqualTypeOf<keyof ReflectionPageCoverage>();
    expectTypeOf<Static<typeof ReflectionPageSchema>>().toExtend<ReflectionPage>();
    expectTypeOf<keyof Static<typeof ReflectionPageSchema>>().toEqualTypeOf<keyof ReflectionPage>();
    expectTypeOf<Static<typeof ReflectionFindingSchema>>().toExtend<ReflectionFinding>();
    expectTypeOf<Static<typeof ReflectionCitedEvidenceSchema>>().toExtend<ReflectionCitedEvidence>();
    expectTypeOf<keyof Static<typeof ReflectionCitedEvidenceSchema>>().toEqualTypeOf<keyof ReflectionCitedEvidence>();
    expectTypeOf<Static<typeof ReflectionCoverageSchema>>().toExtend<ReflectionCoverage>();
    expectTypeOf<keyof Static<typeof ReflectionCoverageSchema>>().toEqualTypeOf<keyof ReflectionCoverage>();
    expectTypeOf<Static<typeof ReflectionReportSchema>>().toExtend<ReflectionReport>();
    expectTypeOf<keyof Static<typeof ReflectionReportSchema>>().toEqualTypeOf<keyof ReflectionReport>();
    expectTypeOf<Static<typeof ReflectionSourceSchema>>().toEqualTypeOf<ReflectionSource>();
    expectTypeOf<Static<typeof EvidenceRecordSchema>>().toExtend<LogRecord>();
    expectTypeOf<keyof Static<typeof EvidenceRecordSchema>>().toEqualTypeOf<keyof LogRecord>();
  });

  it('options of the public type are options of the schema, field for field', () => {
    expectTypeOf<ReflectionOptions<unknown>>().toExtend<Static<typeof ReflectionOptionsSchema>>();
    expectTypeOf<keyof Static<typeof ReflectionOptionsSchema>>().toEqualTypeOf<keyof ReflectionOptions<unknown>>();
    expectTypeOf<Required<Omit<ReflectionLogSourceOptions<unknown>, 'runs'>>>().toExtend<Required<Omit<Static<typeof ReflectionLogSourceOptionsSchema>, 'runs'>>>();
    // `runs`: the door's copy of a list is a list the public type takes; a function is kept as is.
    expectTypeOf<Static<typeof ReflectionLogSourceOptionsSchema>['runs'] & readonly unknown[]>().toExtend<NonNullable<ReflectionLogSourceOptions<unknown>['runs']>>();
    expectTypeOf<keyof Static<typeof ReflectionLogSourceOptionsSchema>>().toEqualTypeOf<keyof ReflectionLogSourceOptions<unknown>>();
  });
});
