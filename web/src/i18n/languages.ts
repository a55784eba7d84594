import { readStorage, writeStorage } from '../api/local-storage';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'zh';
export const LANGUAGE_STORAGE_KEY = 'language';

/** Labels are shown in their own language, so they are not translated. */
export const LANGUAGE_LABELS: Record<Language, string> = { zh: '中文', en: 'English' };

/** Maps any tag (`zh-CN`, `en-US`, `en`) to a supported language, or `null`. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === base) ?? null;
}

/** The saved choice, else the browser's language when supported, else Chinese. */
export function initialLanguage(): Language {
  const saved = toLanguage(readStorage(LANGUAGE_STORAGE_KEY));
  if (saved) return saved;
  const browser = typeof navigator === 'undefined' ? null : toLanguage(navigator.language);
  return browser ?? FALLBACK_LANGUAGE;
}

export function saveLanguage(language: Language): void {
  writeStorage(LANGUAGE_STORAGE_KEY, language);
}
