import type { Resource, ResourceLanguage } from 'i18next';
import { LANGUAGES } from './languages';

type Namespace = Record<string, unknown>;

// Every locales/<language>/<namespace>.json is picked up here: adding an area's strings is
// dropping one file per language into the folders, nothing to register.
const files = import.meta.glob<Namespace>('./locales/*/*.json', { eager: true, import: 'default' });

export interface LocaleFile {
  language: string;
  namespace: string;
  content: Namespace;
}

export const localeFiles: LocaleFile[] = Object.entries(files).map(([path, content]) => {
  const [, language = '', file = ''] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace: file, content };
});

export const namespaces = [...new Set(localeFiles.map((file) => file.namespace))].sort();

export const resources: Resource = Object.fromEntries(
  LANGUAGES.map((language) => {
    const bundle: ResourceLanguage = {};
    for (const file of localeFiles) {
      if (file.language === language) bundle[file.namespace] = file.content;
    }
    return [language, bundle];
  }),
);
