-- The counters experiment: one hot row per room (mode=counter) against one row per view (mode=log).
CREATE TABLE room_view_counter (
    room_id BIGINT NOT NULL PRIMARY KEY,
    views   BIGINT NOT NULL
) ENGINE = InnoDB;

CREATE TABLE room_view_log (
    id        BIGINT      NOT NULL AUTO_INCREMENT PRIMARY KEY,
    room_id   BIGINT      NOT NULL,
    viewed_at DATETIME(3) NOT NULL,
    KEY room_view_log_room (room_id)
) ENGINE = InnoDB;
