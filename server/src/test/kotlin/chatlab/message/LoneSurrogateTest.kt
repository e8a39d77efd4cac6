package chatlab.message

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

class LoneSurrogateTest {
    @Test
    fun `paired surrogates are characters, lone or swapped ones are not`() {
        assertThat(MessageService.hasLoneSurrogate("plain text")).isFalse()
        assertThat(MessageService.hasLoneSurrogate("homerun \uD83D\uDE00 tonight")).isFalse()
        assertThat(MessageService.hasLoneSurrogate("\uD83D\uDE00")).isFalse()
        assertThat(MessageService.hasLoneSurrogate("high \uD800 alone")).isTrue()
        assertThat(MessageService.hasLoneSurrogate("ends high \uD800")).isTrue()
        assertThat(MessageService.hasLoneSurrogate("\uDC00 low first")).isTrue()
        assertThat(MessageService.hasLoneSurrogate("swapped \uDE00\uD83D")).isTrue()
    }
}
