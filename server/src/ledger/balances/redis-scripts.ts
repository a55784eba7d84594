/**
 * Copies a balance from the database unless another instance already did, with the journal marks
 * the database had at that moment (which changes the copy already holds).
 * KEYS: balance, its marks hash; ARGV: value, then instance id and mark pairs. Answers the balance.
 */
export const LOAD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('GET', KEYS[1]) end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
for index = 2, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[index], ARGV[index + 1]) end
return ARGV[1]`;

/**
 * All-or-nothing hold on user and (optionally) token, recorded in the instance's holds hash:
 * 1 done, 0 short, -1 / -2 user / token not loaded.
 * KEYS: user balance, token balance or '', holds hash; ARGV: amount, user field, token field.
 */
export const RESERVE = `
local amount = tonumber(ARGV[1])
local user = redis.call('GET', KEYS[1])
if not user then return -1 end
local token = nil
if KEYS[2] ~= '' then
  token = redis.call('GET', KEYS[2])
  if not token then return -2 end
  if tonumber(token) < amount then return 0 end
end
if tonumber(user) < amount then return 0 end
redis.call('DECRBY', KEYS[1], amount)
redis.call('HINCRBY', KEYS[3], ARGV[2], amount)
if KEYS[2] ~= '' then
  redis.call('DECRBY', KEYS[2], amount)
  redis.call('HINCRBY', KEYS[3], ARGV[3], amount)
end
return 1`;

/**
 * Applies one journaled change to a balance, once: ends a hold of up to ARGV[1] (only what the holds
 * hash still records: a hold placed before Redis lost its data is not in the rebuilt balance) and
 * subtracts ARGV[2]. The change is journal record ARGV[5] of instance ARGV[4] (0: not journaled),
 * named ARGV[6] in the applied set (a charge record changes two balances: each part has its name): it
 * is applied at most once (the applied set), and not at all when the balance was copied from a
 * database that already held it (its marks). Answers nil when the balance is not loaded.
 * KEYS: balance, holds hash, balance marks hash, applied set; ARGV: reserved, amount, hold field, instance, seq, name.
 */
export const SETTLE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
local seq = tonumber(ARGV[5])
if seq > 0 and redis.call('ZSCORE', KEYS[4], ARGV[6]) then return redis.call('GET', KEYS[1]) end
local held = tonumber(redis.call('HGET', KEYS[2], ARGV[3]) or '0')
local back = math.min(tonumber(ARGV[1]), held)
if back > 0 then redis.call('HINCRBY', KEYS[2], ARGV[3], -back) end
local amount = tonumber(ARGV[2])
if seq > 0 then
  if seq <= tonumber(redis.call('HGET', KEYS[3], ARGV[4]) or '0') then amount = 0 end
  redis.call('ZADD', KEYS[4], seq, ARGV[6])
end
return redis.call('INCRBY', KEYS[1], back - amount)`;

/**
 * Gives back every hold an earlier run of this instance left (it was killed mid-call) and forgets
 * them. KEYS: holds hash; ARGV: key prefix of balances.
 */
export const RELEASE_LEFTOVERS = `
local fields = redis.call('HGETALL', KEYS[1])
for index = 1, #fields, 2 do
  local key = ARGV[1] .. fields[index]
  local amount = tonumber(fields[index + 1])
  if amount > 0 and redis.call('EXISTS', key) == 1 then redis.call('INCRBY', key, amount) end
end
redis.call('DEL', KEYS[1])
return #fields / 2`;
