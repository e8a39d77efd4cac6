package chatlab

/** Which seeded rooms each test may change (see application-it.yml: 10 rooms, 8 open, 3,000 messages). */
object TestRooms {
    /** Never written by any test: MySQL and MongoDB must agree on them exactly. */
    val SEEDED_ONLY = 1L..6L

    /** Cache tests write here (through MongoDB only). */
    val CACHE_WRITES = 7L..8L

    /** One-to-one rooms: members 1, 2 (room 9) and 3, 4 (room 10). */
    const val STOMP_ROOM = 9L
    const val OTHER_STOMP_ROOM = 10L
    const val STORE_TEST = 10L
}
