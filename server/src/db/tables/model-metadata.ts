import type { Generated } from 'kysely';

/** `vendors`: who makes a model (issue 37, reference §10). */
export interface VendorsTable {
  id: Generated<number>;
  name: string;
  description: string;
  icon: Generated<string>;
  /** 1 enabled, 0 disabled */
  status: Generated<number>;
  created_time: number;
  updated_time: number;
}

/** `models`: metadata of one model name, or of the names a rule matches. */
export interface ModelsTable {
  id: Generated<number>;
  model_name: string;
  description: string;
  icon: Generated<string>;
  /** comma-separated */
  tags: Generated<string>;
  /** 0 = none */
  vendor_id: Generated<number>;
  /** JSON text: endpoint type → path/method, or a list of endpoint types */
  endpoints: string;
  status: Generated<number>;
  sync_official: Generated<number>;
  /** 0 exact, 1 prefix, 2 contains, 3 suffix */
  name_rule: Generated<number>;
  created_time: number;
  updated_time: number;
}

/** `prefill_groups`: a saved list of models, tags or endpoints an editor inserts in one click. */
export interface PrefillGroupsTable {
  id: Generated<number>;
  name: string;
  /** model | tag | endpoint */
  type: string;
  /** JSON array of strings */
  items: string;
  description: Generated<string>;
  created_time: number;
  updated_time: number;
}
