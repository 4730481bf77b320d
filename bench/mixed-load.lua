-- wrk script for the memory run: 3 in 4 requests hit a small set of cached images, 1 in 4 asks for a new
-- 512×512 gradient, so the cache keeps filling and evicting.
function setup(thread)
  thread:set("id", tostring(math.random(1, 1000000)))
end

function init(args)
  counter = 0
end

function request()
  counter = counter + 1
  if counter % 4 ~= 0 then
    local hot = counter % 16
    return wrk.format("GET", "/gradient?colors=red,blue&width=" .. (100 + hot) .. "&height=100")
  end
  local first = string.format("%06x", counter % 16777216)
  return wrk.format("GET", "/gradient?type=radial&colors=" .. first .. ",white&width=512&height=512&dither=on"
    .. "&center=" .. id .. "px,50%25")
end
