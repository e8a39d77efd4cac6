package chatlab.message

import chatlab.auth.JwtProperties
import chatlab.system.error.BadRequestException
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test

class CursorCodecTest {
    private val codec = CursorCodec(JwtProperties("a-test-secret-that-is-long-enough-for-hs256"))

    @Test
    fun `a cursor round-trips its position`() {
        val position = Position(1_738_071_280_123, 42)
        assertThat(codec.decode(7, codec.encode(7, position))).isEqualTo(position)
    }

    @Test
    fun `a cursor from another room, a tampered one or garbage is refused`() {
        val cursor = codec.encode(7, Position(1_738_071_280_123, 42))
        assertThatThrownBy { codec.decode(8, cursor) }.isInstanceOf(BadRequestException::class.java).hasMessageContaining("another room")
        val tampered = cursor.replaceFirst(cursor[3], if (cursor[3] == 'A') 'B' else 'A')
        assertThatThrownBy { codec.decode(7, tampered) }.isInstanceOf(BadRequestException::class.java)
        listOf("", "abc", "a.b.c", "%%%.&&&").forEach {
            assertThatThrownBy { codec.decode(7, it) }.describedAs(it).isInstanceOf(BadRequestException::class.java)
        }
    }

    @Test
    fun `a cursor signed with another secret is refused`() {
        val other = CursorCodec(JwtProperties("another-secret-that-is-long-enough-for-hs256"))
        assertThatThrownBy { codec.decode(7, other.encode(7, Position(1, 1))) }.isInstanceOf(BadRequestException::class.java)
    }
}
