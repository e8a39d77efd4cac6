package chatlab.message

import chatlab.auth.JwtProperties
import chatlab.system.error.BadRequestException
import org.springframework.stereotype.Component
import java.security.MessageDigest
import java.util.Base64
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

/**
 * The opaque `cursor`: room, sentAt millis and id of the last message of a page, signed so that a forged cursor
 * or one from another room is a 400, never a silently wrong page.
 */
@Component
class CursorCodec(jwt: JwtProperties) {
    private val key = SecretKeySpec(MessageDigest.getInstance("SHA-256").digest(("cursor:" + jwt.secret).toByteArray()), ALGORITHM)

    fun encode(roomId: Long, position: Position): String {
        val body = "v1.$roomId.${position.millis}.${position.id}"
        return base64(body.toByteArray()) + "." + base64(sign(body))
    }

    fun decode(roomId: Long, cursor: String): Position {
        val parts = cursor.split('.')
        val body = parts.getOrNull(0)?.let { runCatching { String(Base64.getUrlDecoder().decode(it)) }.getOrNull() }
        val signature = parts.getOrNull(1)?.let { runCatching { Base64.getUrlDecoder().decode(it) }.getOrNull() }
        if (parts.size != 2 || body == null || signature == null || !MessageDigest.isEqual(sign(body), signature)) {
            throw BadRequestException("invalid cursor: pass back the nextCursor of a previous page unchanged")
        }
        val fields = body.split('.')
        if (fields.size != 4 || fields[0] != "v1" || fields[1] != roomId.toString()) {
            throw BadRequestException("invalid cursor: it belongs to another room")
        }
        return Position(fields[2].toLong(), fields[3].toLong())
    }

    private fun sign(body: String): ByteArray = Mac.getInstance(ALGORITHM).apply { init(key) }.doFinal(body.toByteArray())

    private fun base64(bytes: ByteArray) = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)

    companion object {
        private const val ALGORITHM = "HmacSHA256"
    }
}
