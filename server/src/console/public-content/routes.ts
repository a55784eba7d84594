import type { OptionKey } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';

const publicTexts: Array<[path: string, key: OptionKey]> = [
  ['/notice', 'Notice'],
  ['/about', 'About'],
  ['/home_page_content', 'HomePageContent'],
];

/** The announcement, about text and home page content (Markdown, HTML or an address), for everyone. */
export function registerPublicContentRoutes(app: ConsoleApp, context: AppContext): void {
  for (const [path, key] of publicTexts) app.get(path, async () => ok(context.options.string(key)));
}
