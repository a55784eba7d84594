import type { OptionStore } from '../../platform/option-store';
import { adapterOptionKeys, adapterSettingsOf, type AdapterSettings } from '../providers/adapter-settings';

/** The adapter settings, rebuilt when one of their options changes (here or, through the bus, elsewhere). */
export class AdapterSettingsCache {
  private settings: AdapterSettings;

  constructor(options: OptionStore) {
    this.settings = adapterSettingsOf(options);
    options.onChange((key) => {
      if (adapterOptionKeys.includes(key)) this.settings = adapterSettingsOf(options);
    });
  }

  get current(): AdapterSettings {
    return this.settings;
  }
}
