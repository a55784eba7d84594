import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, writeStorage } from '../api/local-storage';
import { changeLanguage } from '../i18n';
import { FALLBACK_LANGUAGE, toLanguage, type Language } from '../i18n/languages';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme-mode';

function initialThemeMode(): ThemeMode {
  const saved = readStorage(THEME_STORAGE_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  const prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

interface Preferences {
  themeMode: ThemeMode;
  setThemeMode: (mode: ThemeMode) => void;
  language: Language;
  setLanguage: (language: Language) => void;
}

const PreferencesContext = createContext<Preferences | null>(null);

/** Theme and language choices, both remembered in localStorage. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [themeMode, setThemeModeState] = useState<ThemeMode>(initialThemeMode);
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;

  const setThemeMode = useCallback((mode: ThemeMode) => {
    writeStorage(THEME_STORAGE_KEY, mode);
    setThemeModeState(mode);
  }, []);
  const setLanguage = useCallback((next: Language) => {
    void changeLanguage(next);
  }, []);

  const value = useMemo(
    () => ({ themeMode, setThemeMode, language, setLanguage }),
    [themeMode, setThemeMode, language, setLanguage],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const preferences = useContext(PreferencesContext);
  if (!preferences) throw new Error('usePreferences needs a PreferencesProvider above it');
  return preferences;
}
