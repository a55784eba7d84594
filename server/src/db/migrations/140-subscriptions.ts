import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/**
 * Subscription plans (reference features §6): `subscription_plans`, `user_subscriptions` and
 * `subscription_orders` (`trade_no` unique). Quota amounts are integers; a plan's price is the
 * gateway's money, like `top_ups.money`. Flags are 0/1 (`smallint`) on every database; a null
 * `allow_*` flag of a plan means 1.
 */
export function subscriptionTables(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('subscription_plans')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('title', 'varchar(128)', (column) => column.notNull())
        .addColumn('subtitle', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('price_amount', 'double precision', (column) => column.notNull().defaultTo(0))
        .addColumn('currency', 'varchar(8)', (column) => column.notNull().defaultTo('USD'))
        .addColumn('duration_unit', 'varchar(16)', (column) => column.notNull().defaultTo('month'))
        .addColumn('duration_value', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('custom_seconds', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('enabled', 'smallint', (column) => column.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('allow_balance_pay', 'smallint')
        .addColumn('allow_wallet_overflow', 'smallint')
        .addColumn('stripe_price_id', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('creem_product_id', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('waffo_pancake_product_id', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('max_purchase_per_user', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('upgrade_group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('downgrade_group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('total_amount', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('quota_reset_period', 'varchar(16)', (column) => column.notNull().defaultTo('never'))
        .addColumn('quota_reset_custom_seconds', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();

      await db.schema
        .createTable('user_subscriptions')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('plan_id', 'bigint', (column) => column.notNull())
        .addColumn('amount_total', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('amount_used', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (column) => column.notNull())
        .addColumn('end_time', 'bigint', (column) => column.notNull())
        .addColumn('status', 'varchar(16)', (column) => column.notNull())
        .addColumn('source', 'varchar(16)', (column) => column.notNull())
        .addColumn('last_reset_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('next_reset_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('upgrade_group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('prev_user_group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('downgrade_group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('allow_wallet_overflow', 'smallint', (column) => column.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('idx_user_subscriptions_user')
        .on('user_subscriptions')
        .columns(['user_id', 'status', 'end_time'])
        .execute();
      await db.schema
        .createIndex('idx_user_subscriptions_plan')
        .on('user_subscriptions')
        .columns(['plan_id', 'status'])
        .execute();

      await db.schema
        .createTable('subscription_orders')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('plan_id', 'bigint', (column) => column.notNull())
        .addColumn('money', 'double precision', (column) => column.notNull())
        .addColumn('trade_no', 'varchar(255)', (column) => column.notNull().unique())
        .addColumn('payment_method', 'varchar(50)', (column) => column.notNull())
        .addColumn('payment_provider', 'varchar(50)', (column) => column.notNull().defaultTo(''))
        .addColumn('status', 'varchar(32)', (column) => column.notNull())
        .addColumn('create_time', 'bigint', (column) => column.notNull())
        .addColumn('complete_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('provider_payload', 'text')
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('idx_subscription_orders_user')
        .on('subscription_orders')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
