package chatlab.lab

/** CPU seconds used so far by the server instances (this JVM with the in-process MongoDB stand-in, and any it started) and by the backend servers it started. */
data class CpuSeconds(val server: Double, val backends: Double) {
    val total: Double get() = server + backends
}
