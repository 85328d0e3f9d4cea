import { rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

/** Schema of a string with at least one character that is not white space (a question, a source id). */
export const NonBlankTextSchema = rule(Type.String({ minLength: 1 }), (text) => (text.trim() === '' ? { rule: 'blank', problem: 'must not be blank' } : undefined));
