/** A user-visible message in both languages (from the catalogue, `i18n/catalogue.ts`); zh is the fallback. */
export interface Text {
  zh: string;
  en: string;
}

export type Language = 'zh' | 'en';

/** Fills `{name}` placeholders in both languages. */
export function fill(text: Text, params: Record<string, string | number>): Text {
  const replace = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  return { zh: replace(text.zh), en: replace(text.en) };
}

/** Picks the language from `Accept-Language` (the console sends its own); Chinese unless English is asked first. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

/** `snake_case` as `camelCase`, in types too: a contract rule's problem code names its message. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A contract rule violation in words: the message its code names in `texts`, filled with the problem's figures. */
export function problemText<Problem extends { code: string }>(
  texts: Record<CamelCase<Problem['code']>, Text>,
  problem: Problem,
): Text {
  const key = problem.code.replace(/_(\w)/g, (_whole, letter: string) => letter.toUpperCase()) as CamelCase<
    Problem['code']
  >;
  const { code: _code, ...figures } = problem;
  return fill(texts[key], figures as Record<string, string | number>);
}
