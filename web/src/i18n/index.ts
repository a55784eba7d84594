import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, initialLanguage, saveLanguage, toLanguage, type Language } from './languages';
import { namespaces, resources } from './resources';

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

applyDocumentLanguage(currentLanguage());

/** The active UI language, always one of the supported ones. */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}

/** Switches the UI language and remembers it for the next start. */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

export default i18n;
