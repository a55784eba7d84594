import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../api/query-client';
import { FeedbackBridge } from '../components/feedback-bridge';
import { PreferencesProvider, usePreferences } from './preferences';
import { usePrefersReducedMotion } from './reduced-motion';

const BRAND_COLOUR = '#6366f1';

function ThemedAntd({ children }: { children: ReactNode }) {
  const { themeMode, language } = usePreferences();
  const dark = themeMode === 'dark';
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      // Dialogs, drawers and menus open without zooming or sliding for people who asked for less motion.
      token: { colorPrimary: BRAND_COLOUR, colorInfo: BRAND_COLOUR, borderRadius: 8, motion: !reducedMotion },
    }),
    [dark, reducedMotion],
  );

  // Date pickers name months and weekdays in the console's language.
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');

  useEffect(() => {
    // Scrollbars, form controls and overscroll follow the theme too.
    document.documentElement.style.colorScheme = themeMode;
    document.body.style.backgroundColor = dark ? '#000000' : '#f5f5f5';
  }, [themeMode, dark]);

  return (
    <ConfigProvider
      locale={language === 'en' ? enUS : zhCN}
      theme={themeConfig}
      // antd spaces out two-character Chinese labels ("登 录"); the console reads better without.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Data cache, preferences, antd theme and locale, and the toast/dialog bridge. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client ?? defaultQueryClient}>
      <PreferencesProvider>
        <ThemedAntd>{children}</ThemedAntd>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
