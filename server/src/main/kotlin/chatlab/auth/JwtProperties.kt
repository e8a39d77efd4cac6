package chatlab.auth

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration
import javax.crypto.SecretKey
import javax.crypto.spec.SecretKeySpec

/** `chatlab.jwt.*`: the HS256 secret (JWT_SECRET, at least 32 bytes) shared with whoever mints tokens. */
@ConfigurationProperties("chatlab.jwt")
data class JwtProperties(
    val secret: String,
    val tokenTtl: Duration = Duration.ofHours(12),
) {
    init {
        require(secret.toByteArray().size >= 32) { "chatlab.jwt.secret (JWT_SECRET) must be at least 32 bytes for HS256" }
    }

    fun key(): SecretKey = SecretKeySpec(secret.toByteArray(), "HmacSHA256")
}
