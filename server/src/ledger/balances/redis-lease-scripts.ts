import { RedisScript } from '../../platform/redis-script';

/** A lease not renewed for this long (its instance died) ends by itself; a recall not answered within it is forced. */
export const LEASE_EXPIRY_MS = 5000;

/**
 * Lua shared by the scripts that know of instances' leases (see redis-leases.ts). A lease is a key
 * of its own (`lease:<instance>:<user>:<token>`) whose value is what it lets its instance spend, with
 * an expiry its instance renews; each balance keeps the set of lease keys on it (`<balance>:leases`).
 * A lease never moves money: the balance stays what it is, and a hold may take only what no lease
 * covers. `leased` sums the live leases on a balance (forgetting expired ones), leaving `except` out.
 * `recall` asks the holders of the leases on a balance to give them back (on the channel
 * `lease-recalls`; no lease is granted on it meanwhile) and answers how many are still out: a holder
 * stops spending, applies what its lease paid, then ends it (END_LEASES, telling `lease-ended`);
 * with `force_recall` (the holder did not answer within LEASE_EXPIRY_MS) or for a lowering, `seize`
 * ends them at once. `spendable` is what a hold of `amount` may take from a balance of `value`, or
 * nil while the leases standing in its way are being given back; `lease_gone`
 * lowers a lease by what it paid (`covered`), ending it (answering 1) when it is gone, spent, or no
 * longer fits in what the other leases leave of its balances; `grant` gives
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
local force_recall = false
local function channel_of(balance, name)
  return string.match(balance, '^(.*)balance:[^:]+:[^:]+$') .. name
end
local function seize(balance)
  local index = balance .. ':leases'
  for _, lease in ipairs(redis.call('SMEMBERS', index)) do
    if redis.call('DEL', lease) == 1 then redis.call('PUBLISH', channel_of(balance, 'lease-ended'), lease) end
    redis.call('DEL', lease .. ':recalled')
  end
  redis.call('DEL', index, balance .. ':recalling')
end
local function recall(balance)
  if force_recall then
    seize(balance)
    return 0
  end
  local index = balance .. ':leases'
  local live = 0
  redis.call('SET', balance .. ':recalling', 1, 'PX', ${LEASE_EXPIRY_MS})
  for _, lease in ipairs(redis.call('SMEMBERS', index)) do
    if redis.call('EXISTS', lease) == 1 then
      live = live + 1
      redis.call('SET', lease .. ':recalled', 1, 'PX', ${LEASE_EXPIRY_MS})
      redis.call('PUBLISH', channel_of(balance, 'lease-recalls'), lease)
    else
      redis.call('SREM', index, lease)
    end
  end
  return live
end
local function spendable(balance, value, amount)
  local free = value - leased(balance, '')
  if free >= amount or recall(balance) == 0 then return value - leased(balance, '') end
  return nil
end
local function lease_gone(lease, covered, balances)
  local left = redis.call('GET', lease)
  if not left then return 1 end
  left = tonumber(left) - covered
  local room = left
  for _, balance in ipairs(balances) do
    room = math.min(room, tonumber(redis.call('GET', balance)) - leased(balance, lease))
  end
  if left <= 0 or left > room then
    redis.call('DEL', lease)
    return 1
  end
  if covered > 0 then redis.call('DECRBY', lease, covered) end
  return 0
end
local function grant(user_key, token_key, lease, own, least, share, expiry)
  if redis.call('EXISTS', user_key .. ':recalling', lease .. ':recalled') > 0 then return 0 end
  if token_key ~= '' and redis.call('EXISTS', token_key .. ':recalling') == 1 then return 0 end
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
 * Applies the charges a lease paid, gathered over a short while: each journal record's part once per
 * balance (its name in the applied set, `<seq>` for the user's and `<seq>t` for the token's), none
 * that the balance's copy from the database already held (its marks); then lowers the lease by all
 * it paid. Answers 0 and 1 if the lease is gone (0 otherwise), or the index (from 1) of a balance
 * not loaded and 0 (nothing applied then).
 * KEYS: applied set, lease key, then per balance (the user's, then the token's): balance, marks hash;
 * ARGV: instance, then per charge: seq, amount.
 */
export const APPLY_LEASED = new RedisScript(`${LEASE_LUA}
local balances = {}
for index = 3, #KEYS, 2 do
  if redis.call('EXISTS', KEYS[index]) == 0 then return {(index - 1) / 2, 0} end
  balances[#balances + 1] = KEYS[index]
end
local covered = 0
for index, balance in ipairs(balances) do
  local mark = tonumber(redis.call('HGET', KEYS[2 + 2 * index], ARGV[1]) or '0')
  local suffix = index == 2 and 't' or ''
  local sum = 0
  for arg = 2, #ARGV, 2 do
    local seq = tonumber(ARGV[arg])
    if index == 1 then covered = covered + tonumber(ARGV[arg + 1]) end
    if seq > mark and redis.call('ZADD', KEYS[1], 'NX', seq, ARGV[arg] .. suffix) == 1 then sum = sum + tonumber(ARGV[arg + 1]) end
  end
  if sum > 0 then redis.call('DECRBY', balance, sum) end
end
return {0, lease_gone(KEYS[2], covered, balances)}`);

/**
 * Asks the holders of the leases on a balance to give them back (see \`recall\`); answers how many are still out.
 * KEYS: balance.
 */
export const RECALL = new RedisScript(`${LEASE_LUA}
return recall(KEYS[1])`);

/**
 * The heartbeat: extends every lease of this instance by ARGV[1] ms and answers the keys of those
 * that are gone (expired, or ended by a lowering) and of those recalled (a recall this instance may
 * not have heard): it stops spending both, and gives the recalled ones back.
 * KEYS: this instance's set of lease keys.
 */
export const RENEW = new RedisScript(`
local gone = {}
local recalled = {}
for _, lease in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', lease .. ':recalled') == 1 then
    recalled[#recalled + 1] = lease
  elseif redis.call('PEXPIRE', lease, ARGV[1]) == 0 then
    redis.call('SREM', KEYS[1], lease)
    gone[#gone + 1] = lease
  end
end
return {gone, recalled}`);

/**
 * Ends the given leases of this instance (every one when only the channel is given) and tells those
 * waiting for them on the channel: at a stop, at a restart (a killed run's), or when a recalled lease
 * is given back. KEYS: this instance's set of lease keys; ARGV: the channel \`lease-ended\`, lease keys.
 */
export const END_LEASES = new RedisScript(`
local leases = {}
for index = 2, #ARGV do leases[#leases + 1] = ARGV[index] end
if #leases == 0 then leases = redis.call('SMEMBERS', KEYS[1]) end
for _, lease in ipairs(leases) do
  redis.call('DEL', lease, lease .. ':recalled')
  redis.call('SREM', KEYS[1], lease)
  redis.call('PUBLISH', ARGV[1], lease)
end
return #leases`);
