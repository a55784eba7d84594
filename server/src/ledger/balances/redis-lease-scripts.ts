import { RedisScript } from '../../platform/redis-script';

/**
 * Lua shared by the scripts that know of instances' leases (see redis-leases.ts). A lease is a key
 * of its own (`lease:<instance>:<user>:<token>`) whose value is what it lets its instance spend, with
 * an expiry its instance renews; each balance keeps the set of lease keys on it (`<balance>:leases`).
 * A lease never moves money: the balance stays what it is, and a hold may take only what no lease
 * covers. `leased` sums the live leases on a balance (forgetting expired ones), leaving `except` out;
 * `recall` ends every lease on a balance; `spendable` is what a hold of `amount` may take from a
 * balance of `value`, taking the leases on it back first when they stand in the way; `grant` gives
 * (or resizes) an instance's lease: `share` of what the other leases leave free of both balances, if
 * that is above `least` (the rule of lease-table.ts's \`leaseSize\`), answering its size (0: none).
 */
export const LEASE_LUA = `
local function leased(balance, except)
  local index = balance .. ':leases'
  local sum = 0
  for _, lease in ipairs(redis.call('SMEMBERS', index)) do
    local amount = redis.call('GET', lease)
    if not amount then redis.call('SREM', index, lease)
    elseif lease ~= except then sum = sum + tonumber(amount) end
  end
  return sum
end
local function recall(balance)
  local index = balance .. ':leases'
  for _, lease in ipairs(redis.call('SMEMBERS', index)) do redis.call('DEL', lease) end
  redis.call('DEL', index)
end
local function spendable(balance, value, amount)
  local free = value - leased(balance, '')
  if free >= amount then return free end
  recall(balance)
  return value
end
local function grant(user_key, token_key, lease, own, least, share, expiry)
  local user = redis.call('GET', user_key)
  if not user then return 0 end
  local free = tonumber(user) - leased(user_key, lease)
  if token_key ~= '' then
    local token = redis.call('GET', token_key)
    if not token then return 0 end
    free = math.min(free, tonumber(token) - leased(token_key, lease))
  end
  local size = math.floor(free * tonumber(share))
  if size <= least then
    redis.call('DEL', lease)
    return 0
  end
  redis.call('SET', lease, size, 'PX', expiry)
  redis.call('SADD', user_key .. ':leases', lease)
  if token_key ~= '' then redis.call('SADD', token_key .. ':leases', lease) end
  redis.call('SADD', own, lease)
  return size
end`;

/**
 * The heartbeat: extends every lease of this instance by ARGV[1] ms and answers the keys of those
 * that are gone (recalled or expired), which the instance stops spending.
 * KEYS: this instance's set of lease keys.
 */
export const RENEW = new RedisScript(`
local gone = {}
for _, lease in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('PEXPIRE', lease, ARGV[1]) == 0 then
    redis.call('SREM', KEYS[1], lease)
    gone[#gone + 1] = lease
  end
end
return gone`);

/**
 * Ends the given leases of this instance (every one when ARGV is empty): at a stop, at a restart
 * (a killed run's), or when a lease is given back. KEYS: this instance's set of lease keys; ARGV: lease keys.
 */
export const END_LEASES = new RedisScript(`
local leases = ARGV
if #leases == 0 then leases = redis.call('SMEMBERS', KEYS[1]) end
for _, lease in ipairs(leases) do
  redis.call('DEL', lease)
  redis.call('SREM', KEYS[1], lease)
end
return #leases`);
