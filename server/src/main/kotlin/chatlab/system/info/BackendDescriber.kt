package chatlab.system.info

/** A backend a feature brings along (e.g. the SQLite files), described under [key] beside the servers the probe knows. */
interface BackendDescriber {
    val key: String

    fun describe(): BackendDescription
}
