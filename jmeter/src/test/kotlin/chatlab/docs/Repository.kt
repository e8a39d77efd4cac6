package chatlab.docs

import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.name

/** The repository's own files, as a clone has them: everything but build output, dependencies and git's history. */
object Repository {
    val root: Path = generateSequence(Path.of("").toAbsolutePath()) { it.parent }
        .first { Files.exists(it.resolve("mvnw")) && Files.isDirectory(it.resolve("jmeter")) }

    private val SKIPPED_DIRS = setOf(".git", "target", "node_modules", ".idea")

    /** Every regular file of the repository for which [keep] holds. */
    fun files(keep: (Path) -> Boolean): List<Path> = Files.walk(root).use { paths ->
        paths.filter { Files.isRegularFile(it) }
            .filter { path -> root.relativize(path).none { it.name in SKIPPED_DIRS } }
            .filter(keep)
            .toList()
    }
}
