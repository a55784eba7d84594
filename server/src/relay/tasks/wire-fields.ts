import { z } from 'zod';

/** A task platform's text field that may be missing or null, read as ''. */
export const textOrEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A task platform's time field that may be missing or null, read as 0. */
export const timeOrZero = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);
