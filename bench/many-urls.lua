-- wrk script for cached hits over many URLs: cycles through the paths listed one per line in the file named by
-- URLS (env), each thread starting at its own offset, so every connection asks for a different URL each time.
-- The same script drives gradientd and nginx: both get the identical request lines.
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end

function init(args)
  requests = {}
  for path in io.lines(os.getenv("URLS")) do
    table.insert(requests, wrk.format("GET", path))
  end
  counter = (id * 7919) % #requests
end

function request()
  counter = counter + 1
  if counter > #requests then counter = 1 end
  return requests[counter]
end
