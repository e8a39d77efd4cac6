-- Rooms whose write-through to the Redis cache failed on some instance (chatlab.broker=relay: several instances share
-- one cache): every instance evicts such a room before its cache serves it again.
CREATE TABLE cache_missed_write (
    room_id   BIGINT      NOT NULL PRIMARY KEY,
    marked_at DATETIME(3) NOT NULL
) ENGINE = InnoDB;
