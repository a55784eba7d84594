/** `options`: key/value pairs, values always text. */
export interface OptionsTable {
  key: string;
  value: string;
}
