package chatlab.system.info

/**
 * Where a backend's server came from, read from `chatlab.backends.<key>.origin` (what started it says so; unset means
 * external); every reported figure carries this label.
 */
enum class Origin(val label: String) {
    EMBEDDED("embedded"),
    STAND_IN("stand-in"),
    EXTERNAL("external"),

    /** Inside the server itself: Spring's simple broker. */
    IN_PROCESS("in-process"),
}
