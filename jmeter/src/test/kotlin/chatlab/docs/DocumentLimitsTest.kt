package chatlab.docs

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.extension

/**
 * The documentation stays a manual a newcomer reads in minutes: the front door and the module references within their
 * sizes, prose wrapped at 120 characters, no table cell over 300 (a cell that needs more is a section of its own).
 * Code blocks keep their commands whole.
 */
class DocumentLimitsTest {
    private val root: Path = Repository.root

    @Test
    fun `the front door and the module references stay within their sizes`() {
        val over = SIZES.mapNotNull { (file, limit) ->
            val size = Files.size(root.resolve(file))
            if (size > limit) "$file is ${"%,d".format(size)} bytes, over its ${"%,d".format(limit)}" else null
        }
        assertThat(over).describedAs("documents over their size").isEmpty()
    }

    @Test
    fun `every Markdown file wraps its prose at 120 characters and keeps table cells within 300`() {
        val files = Repository.files { it.extension == "md" }
        assertThat(files.map { root.relativize(it).toString() }).contains("README.md", "docs/design.md")
        val found = files.flatMap { file -> breaches(Files.readString(file)).map { "${root.relativize(file)}:$it" } }
        assertThat(found).describedAs("lines over 120 characters or table cells over 300").isEmpty()
    }

    @Test
    fun `a long line, a long cell and nothing in a code block are told apart`() {
        val long = "word ".repeat(30)
        assertThat(breaches("$long\n| ${"x".repeat(301)} | b |\n```\n$long\n```\n| short | cell |")).containsExactly(
            "1: a line of 150 characters", "2: a table cell of 301 characters",
        )
    }

    companion object {
        private val SIZES = mapOf("README.md" to 10_000L, "server/README.md" to 20_000L, "jmeter/README.md" to 25_000L)

        /** The lines of a Markdown text that break a limit, as `<line>: <what>`. */
        fun breaches(text: String): List<String> {
            var code = false
            return text.lines().withIndex().flatMap { (i, line) ->
                when {
                    line.startsWith("```") -> { code = !code; emptyList() }
                    code -> emptyList()
                    line.startsWith("|") -> line.trim().trim('|').split('|').map { it.trim() }.filter { it.length > 300 }
                        .map { "${i + 1}: a table cell of ${it.length} characters" }
                    line.length > 120 -> listOf("${i + 1}: a line of ${line.length} characters")
                    else -> emptyList()
                }
            }
        }
    }
}
