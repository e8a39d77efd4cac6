package chatlab.docs

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension

/**
 * The repository describes the product, not how it was built: which working session found what belongs in commit
 * messages and issue notes, so no file may name one ("session" or "sessions" followed by a number). Nor may a file point
 * outside the repository at the shared folder a clone does not have. Every text file of the repository is read, except
 * build output and git's own history.
 */
class NoHistoryTest {
    private val root: Path = Repository.root

    private fun textFiles(): List<Path> = Repository.files { path ->
        path.extension.lowercase() !in BINARY && Files.newInputStream(path).use { it.readNBytes(4096) }.none { it == 0.toByte() }
    }

    @Test
    fun `no file of the repository names a working session`() {
        val files = textFiles()
        assertThat(files.map { root.relativize(it).toString() }).contains("README.md", "jmeter/README.md", "server/README.md")
        val found = files.flatMap { path -> hits(path, SESSION) }
        assertThat(found).describedAs("development history in the product; say it as a fact about the product").isEmpty()
    }

    @Test
    fun `no file points at the shared folder outside the repository`() {
        val found = textFiles().flatMap { path -> hits(path, SHARED) }
        assertThat(found).describedAs("links that leave the repository").isEmpty()
    }

    @Test
    fun `the patterns catch what they are for`() {
        assertThat(SESSION.containsMatchIn("as measured in Session" + " 22")).isTrue()
        assertThat(SESSION.containsMatchIn("in sessions" + " 15–21")).isTrue()
        assertThat(SESSION.containsMatchIn("a STOMP session that ended")).isFalse()
        assertThat(SHARED.containsMatchIn("[DESIGN](.." + "/shared/DESIGN.md)")).isTrue()
    }

    private fun hits(path: Path, pattern: Regex): List<String> =
        Files.readAllLines(path, Charsets.UTF_8).withIndex().filter { pattern.containsMatchIn(it.value) }
            .map { "${root.relativize(path)}:${it.index + 1}: ${it.value.trim().take(120)}" }

    private companion object {
        val SESSION = Regex("""(?i)\bsessions?\s+\d""")
        val SHARED = Regex("""\.\./shared/""")
        val BINARY = setOf("png", "jpg", "jpeg", "gif", "jar", "class", "gz", "zip", "ico", "db")
    }
}
