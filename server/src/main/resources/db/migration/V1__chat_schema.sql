-- Rooms, users and memberships are relational in every configuration; chat_message holds the messages
-- written with store=mysql (and the MySQL copy of the seed).

CREATE TABLE chat_user (
    id   BIGINT       NOT NULL PRIMARY KEY,
    name VARCHAR(100) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE chat_room (
    id           BIGINT        NOT NULL PRIMARY KEY,
    name         VARCHAR(100)  NOT NULL,
    type         VARCHAR(20)   NOT NULL,
    capacity     INT           NOT NULL,
    member_count INT           NOT NULL DEFAULT 0,
    last_message VARCHAR(1000) NULL,
    last_sent_at DATETIME(3)   NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE room_membership (
    room_id   BIGINT      NOT NULL,
    user_id   BIGINT      NOT NULL,
    joined_at DATETIME(3) NOT NULL,
    PRIMARY KEY (room_id, user_id),
    KEY idx_membership_user (user_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

CREATE TABLE chat_message (
    id                BIGINT        NOT NULL PRIMARY KEY,
    room_id           BIGINT        NOT NULL,
    sender_id         BIGINT        NOT NULL,
    type              VARCHAR(10)   NOT NULL,
    content           VARCHAR(1000) NOT NULL,
    sent_at           DATETIME(3)   NOT NULL,
    client_message_id VARCHAR(64)   NOT NULL,
    KEY idx_message_room_sent (room_id, sent_at, id),
    UNIQUE KEY uk_message_client (room_id, sender_id, client_message_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Message ids are handed out in blocks so both stores share one id space.
CREATE TABLE id_block (
    name    VARCHAR(32) NOT NULL PRIMARY KEY,
    next_id BIGINT      NOT NULL
) ENGINE = InnoDB;

INSERT INTO id_block (name, next_id) VALUES ('chat_message', 1);
