import { RedisScript } from '../../platform/redis-script';
import { LEASE_LUA } from './redis-lease-scripts';

/**
 * Copies a balance from the database unless another instance already did, with the journal marks
 * the database had at that moment (which changes the copy already holds).
 * KEYS: balance, its marks hash; ARGV: value, then instance id and mark pairs. Answers the balance.
 */
export const LOAD = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('GET', KEYS[1]) end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
for index = 2, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[index], ARGV[index + 1]) end
return ARGV[1]`);

/** Lua shared by ADMIT and RESERVE: the all-or-nothing hold, recorded in the instance's holds hash. */
const HOLD = `
local function hold(amount)
  redis.call('DECRBY', KEYS[1], amount)
  redis.call('HINCRBY', KEYS[3], ARGV[2], amount)
  if KEYS[2] ~= '' then
    redis.call('DECRBY', KEYS[2], amount)
    redis.call('HINCRBY', KEYS[3], ARGV[3], amount)
  end
end`;

/**
 * All-or-nothing hold on user and (optionally) token, recorded in the instance's holds hash, out of
 * what no instance's lease covers (the leases are recalled first when they stand in the way):
 * 1 done, 0 short, -1 / -2 user / token not loaded, -3 leases in the way are being given back (ask
 * again once they are, or with ARGV[4] 1 to end them at once).
 * KEYS: user balance, token balance or '', holds hash; ARGV: amount, user field, token field, force.
 */
export const RESERVE = new RedisScript(`${HOLD}${LEASE_LUA}
local amount = tonumber(ARGV[1])
local user = redis.call('GET', KEYS[1])
if not user then return -1 end
local token = nil
if KEYS[2] ~= '' then
  token = redis.call('GET', KEYS[2])
  if not token then return -2 end
end
force_recall = ARGV[4] == '1'
local free = spendable(KEYS[1], tonumber(user), amount)
if free == nil then return -3 end
if free < amount then return 0 end
if token then
  free = spendable(KEYS[2], tonumber(token), amount)
  if free == nil then return -3 end
  if free < amount then return 0 end
end
hold(amount)
return 1`);

/**
 * A call's admission in one round trip (what \`admitOn\` decides from separate reads), counting only
 * what no instance's lease covers: 0 let in without a hold (nothing needed, or both balances above
 * ARGV[4]), 1 ARGV[1] held on both, 2 refused for the user's balance, 3 for the token's, -1 / -2
 * user / token not loaded, -3 leases in the way of a hold are being given back (as RESERVE, ARGV[7]
 * forcing). A caller let in
 * without a hold is granted a lease (see redis-lease-scripts.ts) when KEYS[4] is not ''. Answers
 * the result and the lease's size (0: none).
 * KEYS: user balance, token balance or '', holds hash, this instance's lease key or '', its set of
 * lease keys; ARGV: amount, user field, token field, trusted above, lease share, lease expiry in ms, force.
 */
export const ADMIT = new RedisScript(`${HOLD}${LEASE_LUA}
local function admit()
local user = redis.call('GET', KEYS[1])
if not user then return -1 end
user = tonumber(user)
if user <= 0 then return 2 end
local amount = tonumber(ARGV[1])
if amount <= 0 then return 0 end
local token = nil
if KEYS[2] ~= '' then
  token = redis.call('GET', KEYS[2])
  if not token then return -2 end
  token = tonumber(token)
end
local trusted = tonumber(ARGV[4])
if user - leased(KEYS[1], KEYS[4]) > trusted and (token == nil or token - leased(KEYS[2], KEYS[4]) > trusted) then return 0 end
force_recall = ARGV[7] == '1'
local free = spendable(KEYS[1], user, amount)
if free == nil then return -3 end
if free < amount then return 2 end
if token ~= nil then
  free = spendable(KEYS[2], token, amount)
  if free == nil then return -3 end
  if free < amount then return 3 end
end
hold(amount)
return 1
end
local result = admit()
if result ~= 0 or KEYS[4] == '' or tonumber(ARGV[1]) <= 0 then return {result, 0} end
return {0, grant(KEYS[1], KEYS[2], KEYS[4], KEYS[5], tonumber(ARGV[4]), ARGV[5], ARGV[6])}`);

/**
 * Applies journaled changes, each to one balance or two (a charge's user and token), once per
 * balance, in one call: the changes of one turn of the event loop go together. A change ends a hold
 * of up to its `reserved` (only what the holds hash still records: a hold placed before Redis lost its
 * data is not in the rebuilt balance) and subtracts its `amount`. It is journal record `seq` of
 * instance ARGV[1] (0: not journaled); each balance's part has its name in the applied set. A part is
 * applied at most once (the applied set), and not at all when its balance was copied from a database
 * that already held it (its marks). A change is applied only if all its balances are loaded.
 * A change that may lower a balance (`recall` 1) first ends every lease on its balances (their holders
 * were asked to give them back before). A
 * change an instance's lease paid (`covered` of it) lowers that lease (`lease`); the lease ends when
 * it is spent or no longer fits in what the other leases leave of the balances.
 * Answers three numbers per change: 0, the first balance's new value and 1 if the change's lease is
 * gone (0 otherwise); or the index (from 1) of the first balance not loaded, 0 and 0.
 * KEYS: holds hash, applied set, then per change and balance: balance, marks hash;
 * ARGV: instance, then per change: count of balances, reserved, amount, seq, covered, lease key or '',
 * recall, then per balance: hold field, part name.
 */
export const APPLY = new RedisScript(`${LEASE_LUA}
local results = {}
local key = 3
local arg = 2
while arg <= #ARGV do
  local count = tonumber(ARGV[arg])
  local reserved = tonumber(ARGV[arg + 1])
  local seq = tonumber(ARGV[arg + 3])
  local lease = ARGV[arg + 5]
  local missing = 0
  for index = count, 1, -1 do
    if redis.call('EXISTS', KEYS[key + 2 * (index - 1)]) == 0 then missing = index end
  end
  local first = 0
  local gone = 0
  if missing == 0 then
    for index = 1, count do
      local balance = KEYS[key + 2 * (index - 1)]
      local field = ARGV[arg + 5 + 2 * index]
      local name = ARGV[arg + 6 + 2 * index]
      if ARGV[arg + 6] == '1' then seize(balance) end
      local value
      if seq > 0 and redis.call('ZSCORE', KEYS[2], name) then
        value = tonumber(redis.call('GET', balance))
      else
        local held = tonumber(redis.call('HGET', KEYS[1], field) or '0')
        local back = math.min(reserved, held)
        if back > 0 then redis.call('HINCRBY', KEYS[1], field, -back) end
        local amount = tonumber(ARGV[arg + 2])
        if seq > 0 then
          if seq <= tonumber(redis.call('HGET', KEYS[key + 2 * (index - 1) + 1], ARGV[1]) or '0') then amount = 0 end
          redis.call('ZADD', KEYS[2], seq, name)
        end
        value = redis.call('INCRBY', balance, back - amount)
      end
      if index == 1 then first = value end
    end
    if lease ~= '' then
      local balances = {}
      for index = 1, count do balances[index] = KEYS[key + 2 * (index - 1)] end
      gone = lease_gone(lease, tonumber(ARGV[arg + 4]), balances)
    end
  end
  results[#results + 1] = missing
  results[#results + 1] = first
  results[#results + 1] = gone
  key = key + 2 * count
  arg = arg + 7 + 2 * count
end
return results`);

/**
 * Gives back every hold an earlier run of this instance left (it was killed mid-call) and forgets
 * them. KEYS: holds hash; ARGV: key prefix of balances.
 */
export const RELEASE_LEFTOVERS = new RedisScript(`
local fields = redis.call('HGETALL', KEYS[1])
for index = 1, #fields, 2 do
  local key = ARGV[1] .. fields[index]
  local amount = tonumber(fields[index + 1])
  if amount > 0 and redis.call('EXISTS', key) == 1 then redis.call('INCRBY', key, amount) end
end
redis.call('DEL', KEYS[1])
return #fields / 2`);
