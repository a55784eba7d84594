import {
  ChannelStatus,
  jsonObjectOf,
  type ModelUpdateApplyAllResult,
  type ModelUpdateApplyRequest,
  type ModelUpdateApplyResult,
  type ModelUpdateDetection,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { normaliseChannelRow, type ChannelRow } from './channel-view';
import { changeChannels } from './channel-writes';
import { fetchUpstreamModels } from './fetch-models';
import { applyChoice, pendingChanges, updateSettingsOf } from './model-updates';
import type { ChannelService } from './channel-service';
import { accessOf, forEachLimited } from './upstream-service';

/** A scheduled sweep checks a channel at most this often; "detect all" and "detect" check anyway. */
export const CHECK_SPACING_SECONDS = 300;
/** Channels read per query by a sweep. */
const SWEEP_BATCH = 100;
/** Channels whose upstreams a sweep asks at the same time. */
const SWEEP_CONCURRENCY = 4;

export interface SweepSummary {
  checked: number;
  failed: number;
  autoAdded: number;
  /** the checks that found something new or gone, or added models */
  changed: ModelUpdateDetection[];
}

/** Upstream model updates (issue 37, reference §10): detect per channel or all, apply per channel or all. */
export class ModelUpdateService {
  constructor(
    private readonly context: AppContext,
    private readonly channels: ChannelService,
  ) {}

  /** Asks the channel's upstream now and records what is pending; nothing is applied. */
  async detect(id: number): Promise<ModelUpdateDetection> {
    return this.check(await this.channels.find(id), false);
  }

  /**
   * Asks the upstream, stores the pending adds and removals and the check time in the channel's
   * setting; with `autoSync` (the scheduled sweep on a channel that has it on) the adds are applied.
   */
  private async check(channel: ChannelRow, autoSync: boolean): Promise<ModelUpdateDetection> {
    const upstream = await fetchUpstreamModels(accessOf(channel));
    const checkedAt = nowSeconds();
    return changeChannels(this.context, async (writer) => {
      const row = await writer.executor
        .selectFrom('channels')
        .selectAll()
        .where('id', '=', channel.id)
        .executeTakeFirst();
      const current = row ? normaliseChannelRow(row) : channel;
      const setting = jsonObjectOf(current.setting);
      const settings = updateSettingsOf(setting);
      const pending = pendingChanges(current, upstream, settings.upstream_model_update_ignored_models);
      let next = {
        ...settings,
        upstream_model_update_last_check_time: checkedAt,
        upstream_model_update_last_detected_models: pending.add,
        upstream_model_update_last_removed_models: pending.remove,
      };
      let models = current.models;
      let autoAdded: string[] = [];
      if (autoSync && settings.upstream_model_update_auto_sync_enabled && pending.add.length > 0) {
        const applied = applyChoice(models, next, { add: pending.add, remove: [], ignore: [] });
        autoAdded = applied.added;
        models = applied.models.join(',');
        next = applied.settings;
      }
      await writer.update([current.id], { setting: JSON.stringify({ ...setting, ...next }), models });
      return {
        channel_id: current.id,
        channel_name: current.name,
        add_models: next.upstream_model_update_last_detected_models,
        remove_models: next.upstream_model_update_last_removed_models,
        last_check_time: checkedAt,
        auto_added_models: autoAdded,
      };
    });
  }

  /** Applies the chosen pending names to one channel. */
  async apply(request: ModelUpdateApplyRequest): Promise<ModelUpdateApplyResult> {
    const channel = await this.channels.find(request.id);
    return this.applyTo(channel.id, (models, settings) =>
      applyChoice(models, settings, {
        add: request.add_models ?? [],
        remove: request.remove_models ?? [],
        ignore: request.ignore_models ?? [],
      }),
    );
  }

  private async applyTo(
    id: number,
    choose: (models: string, settings: ReturnType<typeof updateSettingsOf>) => ReturnType<typeof applyChoice>,
  ): Promise<ModelUpdateApplyResult> {
    return changeChannels(this.context, async (writer) => {
      const row = normaliseChannelRow(
        await writer.executor.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
      const setting = jsonObjectOf(row.setting);
      const applied = choose(row.models, updateSettingsOf(setting));
      const settings = { ...setting, ...applied.settings };
      const models = applied.models.join(',');
      await writer.update([id], { setting: JSON.stringify(settings), models });
      return {
        id,
        added_models: applied.added,
        removed_models: applied.removed,
        ignored_models: applied.ignored,
        remaining_models: applied.settings.upstream_model_update_last_detected_models,
        remaining_remove_models: applied.settings.upstream_model_update_last_removed_models,
        models,
        settings,
      };
    });
  }

  /** Applies every pending add and removal on the enabled channels that have checking on. */
  async applyAll(): Promise<ModelUpdateApplyAllResult> {
    const summary: ModelUpdateApplyAllResult = {
      processed_channels: 0,
      added_models: 0,
      removed_models: 0,
      failed_channel_ids: [],
      results: [],
    };
    for (const channel of await this.checkedChannels()) {
      const settings = updateSettingsOf(jsonObjectOf(channel.setting));
      const add = settings.upstream_model_update_last_detected_models;
      const remove = settings.upstream_model_update_last_removed_models;
      if (add.length === 0 && remove.length === 0) continue;
      try {
        const result = await this.applyTo(channel.id, (models, current) =>
          applyChoice(models, current, { add, remove, ignore: [] }),
        );
        summary.processed_channels += 1;
        summary.added_models += result.added_models.length;
        summary.removed_models += result.removed_models.length;
        summary.results.push(result);
      } catch {
        summary.failed_channel_ids.push(channel.id);
      }
    }
    return summary;
  }

  /**
   * The scheduled sweep: checks every enabled channel with checking on, in batches, skipping those
   * checked within CHECK_SPACING_SECONDS unless `force`; applies adds where auto sync is on.
   */
  async sweep(force: boolean, signal?: AbortSignal): Promise<SweepSummary> {
    const summary: SweepSummary = { checked: 0, failed: 0, autoAdded: 0, changed: [] };
    const due = nowSeconds() - CHECK_SPACING_SECONDS;
    const channels = (await this.checkedChannels()).filter(
      (channel) =>
        force || updateSettingsOf(jsonObjectOf(channel.setting)).upstream_model_update_last_check_time <= due,
    );
    for (let start = 0; start < channels.length && !signal?.aborted; start += SWEEP_BATCH) {
      await forEachLimited(channels.slice(start, start + SWEEP_BATCH), SWEEP_CONCURRENCY, async (channel) => {
        if (signal?.aborted) return;
        try {
          const detection = await this.check(channel, true);
          summary.checked += 1;
          summary.autoAdded += detection.auto_added_models.length;
          if (detection.add_models.length + detection.remove_models.length + detection.auto_added_models.length > 0)
            summary.changed.push(detection);
        } catch {
          summary.failed += 1;
        }
      });
    }
    return summary;
  }

  private async checkedChannels(): Promise<ChannelRow[]> {
    const rows = await this.channels.repository.rowsWithStatus(ChannelStatus.Enabled);
    return rows.filter(
      (channel) => updateSettingsOf(jsonObjectOf(channel.setting)).upstream_model_update_check_enabled,
    );
  }
}
