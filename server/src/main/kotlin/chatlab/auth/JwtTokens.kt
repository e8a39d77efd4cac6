package chatlab.auth

import org.springframework.security.oauth2.jose.jws.MacAlgorithm
import org.springframework.security.oauth2.jwt.JwsHeader
import org.springframework.security.oauth2.jwt.JwtClaimsSet
import org.springframework.security.oauth2.jwt.JwtEncoder
import org.springframework.security.oauth2.jwt.JwtEncoderParameters
import org.springframework.stereotype.Component
import java.time.Duration
import java.time.Instant

/** Mints HS256 tokens for a user id, as the JMeter plans do with the same secret. */
@Component
class JwtTokens(private val encoder: JwtEncoder, private val properties: JwtProperties) {

    fun mint(userId: Long, ttl: Duration = properties.tokenTtl, now: Instant = Instant.now(), scope: String? = null): String {
        val claims = JwtClaimsSet.builder().subject(userId.toString()).issuedAt(now).expiresAt(now.plus(ttl))
            .apply { if (scope != null) claim("scope", scope) }.build()
        val header = JwsHeader.with(MacAlgorithm.HS256).build()
        return encoder.encode(JwtEncoderParameters.from(header, claims)).tokenValue
    }
}
