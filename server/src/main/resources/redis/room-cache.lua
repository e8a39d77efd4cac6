-- The per-room message cache, atomically. KEYS[1]: sorted set of messages (score = sentAt millis, member =
-- "<position>|<json>", position = 15-digit millis and 19-digit id, so ties order by id). Positions are digit
-- strings of one length, so Lua's string order (strcoll) is their numeric order in any locale. KEYS[2]: meta hash:
--   ver   - bumped by every write: a fill computed before a write is discarded
--   count - members the set should hold: a mismatch means partial eviction, and the room is forgotten
--   iv    - intervals "lo,hi;lo,hi" the set holds COMPLETELY: every message with lo <= position < hi is a member
--           (NEG = all zeros, older than everything; POS_INF = all nines, newer than everything)
-- ARGV[1] is the operation: read | fill | write.
local set, meta = KEYS[1], KEYS[2]
local op = ARGV[1]
local POS = 34
local NEG = string.rep('0', POS)

local function intervals()
  local list = {}
  for lo, hi in string.gmatch(redis.call('HGET', meta, 'iv') or '', '(%d+),(%d+)') do
    list[#list + 1] = { lo, hi }
  end
  return list
end

local function save_intervals(list)
  local parts = {}
  for i, iv in ipairs(list) do parts[i] = iv[1] .. ',' .. iv[2] end
  redis.call('HSET', meta, 'iv', table.concat(parts, ';'), 'count', redis.call('ZCARD', set))
end

-- A set whose meta vanished, or whose size disagrees with it, cannot be trusted: start again.
local function consistent()
  if redis.call('EXISTS', meta) == 0 then
    redis.call('DEL', set)
    return false
  end
  if redis.call('ZCARD', set) ~= tonumber(redis.call('HGET', meta, 'count') or '0') then
    redis.call('DEL', set)
    redis.call('HDEL', meta, 'iv')
    redis.call('HSET', meta, 'count', 0)
    return false
  end
  return true
end

-- Keep at most max members: drop the oldest and cut the intervals at the new floor.
local function trim(list, max)
  local card = redis.call('ZCARD', set)
  if card <= max then return list end
  redis.call('ZREMRANGEBYRANK', set, 0, card - max - 1)
  local floor = string.sub(redis.call('ZRANGE', set, 0, 0)[1], 1, POS)
  local kept = {}
  for _, iv in ipairs(list) do
    if iv[2] > floor then
      if iv[1] < floor then iv[1] = floor end
      kept[#kept + 1] = iv
    end
  end
  return kept
end

local function touch(ttl)
  redis.call('EXPIRE', set, ttl)
  redis.call('EXPIRE', meta, ttl)
end

if op == 'read' then
  -- ARGV[2]: bound (exclusive), ARGV[3]: size. Returns {ver, resume, complete, member...}: the members hold the
  -- newest messages below the bound that the cache holds completely; resume is where the store must go on.
  local bound, size = ARGV[2], tonumber(ARGV[3])
  if not consistent() then return { '0', bound, '0' } end
  local ver = redis.call('HGET', meta, 'ver') or '0'
  local lo = nil
  for _, iv in ipairs(intervals()) do
    if iv[1] < bound and bound <= iv[2] then lo = iv[1] end
  end
  if lo == nil then return { ver, bound, '0' } end
  local out, offset, batch = { ver, bound, '0' }, 0, size + 16
  local found = 0
  while found < size do
    local page = redis.call('ZREVRANGEBYSCORE', set, ARGV[4], '-inf', 'LIMIT', offset, batch)
    for _, m in ipairs(page) do
      local pos = string.sub(m, 1, POS)
      if pos < lo then break end
      if pos < bound then
        found = found + 1
        out[found + 3] = m
        if found == size then break end
      end
    end
    if #page < batch or (#page > 0 and string.sub(page[#page], 1, POS) < lo) then break end
    offset = offset + batch
  end
  if found > 0 then out[2] = string.sub(out[found + 3], 1, POS) end
  if found < size then
    if lo == NEG then out[3] = '1' else out[2] = lo end
  end
  return out

elseif op == 'fill' then
  -- ARGV[2]: ver seen by the read, ARGV[3]: lo, ARGV[4]: hi, ARGV[5]: max, ARGV[6]: ttl, then score/member pairs:
  -- the store's complete answer for [lo, hi).
  local seen = ARGV[2]
  local current = redis.call('HGET', meta, 'ver') or '0'
  if current ~= seen then return 0 end
  consistent()
  redis.call('HSETNX', meta, 'ver', '0')
  for i = 7, #ARGV, 2 do redis.call('ZADD', set, ARGV[i], ARGV[i + 1]) end
  local list = intervals()
  list[#list + 1] = { ARGV[3], ARGV[4] }
  table.sort(list, function(a, b) return a[1] < b[1] end)
  local merged = {}
  for _, iv in ipairs(list) do
    local last = merged[#merged]
    if last ~= nil and iv[1] <= last[2] then
      if iv[2] > last[2] then last[2] = iv[2] end
    else
      merged[#merged + 1] = { iv[1], iv[2] }
    end
  end
  save_intervals(trim(merged, tonumber(ARGV[5])))
  touch(tonumber(ARGV[6]))
  return 1

elseif op == 'write' then
  -- ARGV[2]: position, ARGV[3]: score, ARGV[4]: member, ARGV[5]: max, ARGV[6]: ttl. Added only where the cache
  -- claims completeness; elsewhere it is not needed. Always bumps ver so concurrent fills are discarded.
  redis.call('HINCRBY', meta, 'ver', 1)
  consistent()
  local list = intervals()
  for _, iv in ipairs(list) do
    if iv[1] <= ARGV[2] and ARGV[2] < iv[2] then
      redis.call('ZADD', set, ARGV[3], ARGV[4])
      break
    end
  end
  save_intervals(trim(list, tonumber(ARGV[5])))
  touch(tonumber(ARGV[6]))
  return 1
end
return redis.error_reply('unknown operation ' .. tostring(op))
