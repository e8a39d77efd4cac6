package chatlab.docs

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.io.path.name

/**
 * The repository's own files, as a clone has them: the files git tracks, so that a build log or notes a user keeps in
 * their checkout are not read as the product. Without git (a source archive) every file but build output, dependencies
 * and IDE folders.
 */
object Repository {
    val root: Path = generateSequence(Path.of("").toAbsolutePath()) { it.parent }
        .first { Files.exists(it.resolve("mvnw")) && Files.isDirectory(it.resolve("jmeter")) }

    private val SKIPPED_DIRS = setOf(".git", "target", "node_modules", ".idea")

    /** Every regular file of the repository for which [keep] holds. */
    fun files(keep: (Path) -> Boolean): List<Path> = (tracked() ?: walked()).filter { Files.isRegularFile(it) }.filter(keep)

    /** The files git tracks, or null when this is not a git checkout or git cannot be run. */
    private fun tracked(): List<Path>? {
        if (!Files.exists(root.resolve(".git"))) return null
        val git = runCatching { ProcessBuilder("git", "ls-files", "-z").directory(root.toFile()).redirectErrorStream(false).start() }.getOrNull() ?: return null
        val listing = git.inputStream.use { it.readAllBytes() }.toString(Charsets.UTF_8)
        if (!git.waitFor(30, TimeUnit.SECONDS) || git.exitValue() != 0) return null
        return listing.split('\u0000').filter { it.isNotEmpty() }.map { root.resolve(it) }
    }

    private fun walked(): List<Path> = Files.walk(root).use { paths ->
        paths.filter { path -> root.relativize(path).none { it.name in SKIPPED_DIRS } }.toList()
    }
}
