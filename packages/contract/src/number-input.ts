import { z } from 'zod';

const DECIMAL_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * A number as a console body may carry it: a JSON number, or its text ("100000") as a form input or a
 * script sends it (spec 001: such fields are parsed as integers). Text that is no number becomes NaN,
 * so the field's own rule refuses it with that rule's message.
 */
export const numberInput = z.union([
  z.number(),
  z.string().transform((text) => (DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN)),
]);

/** A whole number given as a number or its text; anything else is refused by the schema. */
export const integerInput = numberInput.pipe(z.number().int());
