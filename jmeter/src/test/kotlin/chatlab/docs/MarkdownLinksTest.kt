package chatlab.docs

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension

/**
 * Every link of every Markdown file of the repository resolves inside it: a relative link names a file or folder of the
 * clone, and an anchor (`#several-instances`) names a heading of its target as GitHub spells it. Links to the web are
 * left alone; a link that leaves the repository (`../` past its root) fails.
 */
class MarkdownLinksTest {
    private val root: Path = Repository.root

    private fun markdown(): List<Path> = Repository.files { it.extension == "md" }

    @Test
    fun `every link of every Markdown file resolves inside the repository`() {
        val files = markdown()
        assertThat(files.map { root.relativize(it).toString() }).contains("README.md", "jmeter/README.md", "server/README.md")
        val broken = files.flatMap { file -> broken(file, Files.readString(file)) }
        assertThat(broken).describedAs("links that resolve to nothing in the repository").isEmpty()
    }

    @Test
    fun `a missing file, a missing heading and a link out of the repository are each found`() {
        val readme = root.resolve("README.md")
        assertThat(broken(readme, "[a](no-such-file.md) [b](jmeter/README.md#no-such-heading) [c](../outside.md)")).hasSize(3)
        assertThat(broken(readme, "[a](jmeter/README.md) [b](https://example.org/x.md) [c](#${slugs(Files.readString(readme)).first()})")).isEmpty()
    }

    private fun broken(file: Path, text: String): List<String> = LINK.findAll(text.replace(CODE, "")).mapNotNull { match ->
        val target = match.groupValues[1].trim().substringBefore(' ')
        if (target.isEmpty() || SCHEME.containsMatchIn(target)) return@mapNotNull null
        val (pathPart, anchor) = target.split('#', limit = 2).let { it[0] to it.getOrNull(1) }
        val resolved = if (pathPart.isEmpty()) file else file.parent.resolve(pathPart).normalize()
        val where = "${root.relativize(file)}: $target"
        when {
            !resolved.startsWith(root) -> "$where (leaves the repository)"
            !Files.exists(resolved) -> "$where (no such file)"
            anchor != null && Files.isRegularFile(resolved) && resolved.extension == "md" && anchor !in slugs(Files.readString(resolved)) ->
                "$where (no such heading)"
            else -> null
        }
    }.toList()

    /** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    private fun slugs(text: String): Set<String> {
        val seen = mutableMapOf<String, Int>()
        return text.replace(CODE_BLOCK, "").lines().filter { HEADING.matches(it) }.map { line ->
            val base = line.trimStart('#').trim().lowercase().replace(Regex("""[^\p{L}\p{N} _-]"""), "").replace(' ', '-')
            val n = seen.merge(base, 1, Int::plus)!! - 1
            if (n == 0) base else "$base-$n"
        }.toSet()
    }

    private companion object {
        val LINK = Regex("""\[[^\]]*]\(([^)]+)\)""")
        val SCHEME = Regex("""^[a-z][a-z0-9+.-]*:""", RegexOption.IGNORE_CASE)
        val HEADING = Regex("""^#{1,6}\s+\S.*""")
        val CODE_BLOCK = Regex("""(?s)```.*?```""")
        val CODE = Regex("""(?s)```.*?```|`[^`\n]*`""")
    }
}
