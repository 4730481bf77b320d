-- wrk script: every request asks for a 256×256 vertical gradient no earlier request asked for.
-- Each wrk thread gets its own id, so threads never repeat each other's queries; SALT (env) separates runs.
-- DITHER (env) = "off" adds dither=off; by default the API's default (dither on) applies.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  salt = tonumber(os.getenv("SALT") or "0") % 256
  extra = (os.getenv("DITHER") == "off") and "&dither=off" or ""
end

function request()
  counter = counter + 1
  local first = string.format("%06x", counter % 16777216)
  local second = string.format("%02x%02x%02x", id % 256, salt, math.floor(counter / 16777216) % 256)
  return wrk.format("GET", "/gradient?colors=" .. first .. "," .. second .. "&dir=vertical&width=256&height=256" .. extra)
end
