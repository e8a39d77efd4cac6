package chatlab.system.info


/** What produced a figure: product, version and where the server came from, e.g. "MariaDB 11.4.5 (embedded)". */
data class BackendDescription(
    val product: String,
    val version: String,
    val origin: String,
    val label: String,
    val note: String? = null,
) {
    companion object {
        fun of(product: String, version: String, origin: Origin, note: String? = null) =
            BackendDescription(product, version, origin.label, "$product $version (${origin.label})", note)

        fun unreachable(origin: Origin, error: Throwable) =
            BackendDescription("unknown", "unknown", origin.label, "unreachable (${origin.label})", error.message)
    }
}
