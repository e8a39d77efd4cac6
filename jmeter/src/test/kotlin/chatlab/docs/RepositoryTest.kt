package chatlab.docs

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.util.UUID

class RepositoryTest {
    @Test
    fun `a file the user keeps in their checkout is not read as the product, the tracked files are`() {
        assumeTrue(Files.exists(Repository.root.resolve(".git")), "a git checkout")
        val kept = Repository.root.resolve("build-${UUID.randomUUID()}.md")
        Files.writeString(kept, "a build log that names a STOMP session" + " 3f2a\n")
        try {
            val files = Repository.files { true }.map { Repository.root.relativize(it).toString() }
            assertThat(files).contains("README.md", "jmeter/README.md", "mvnw").doesNotContain(kept.fileName.toString())
        } finally {
            Files.delete(kept)
        }
    }
}
