package chatlab.seat

/** What one entrant got. */
enum class SeatOutcome {
    /** A seat, just now. */
    SEATED,

    /** A seat from an earlier request of the same user: entering twice never takes two. */
    ALREADY_SEATED,

    /** No seat left (409). */
    FULL,
}
