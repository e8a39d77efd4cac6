package chatlab.auth

import com.nimbusds.jose.jwk.source.ImmutableSecret
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator
import org.springframework.security.oauth2.core.OAuth2Error
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult
import org.springframework.security.oauth2.jose.jws.MacAlgorithm
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.security.oauth2.jwt.JwtEncoder
import org.springframework.security.oauth2.jwt.JwtValidators
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder

/** HS256 only (so `alg: none` and RS/ES tokens are refused), an expiry required, a numeric subject required. */
@Configuration
class JwtConfig(private val properties: JwtProperties) {

    @Bean
    fun jwtDecoder(): JwtDecoder = NimbusJwtDecoder.withSecretKey(properties.key()).macAlgorithm(MacAlgorithm.HS256).build().apply {
        setJwtValidator(DelegatingOAuth2TokenValidator(JwtValidators.createDefault(), ::requireExpiryAndUser))
    }

    @Bean
    fun jwtEncoder(): JwtEncoder = NimbusJwtEncoder(ImmutableSecret(properties.key()))

    private fun requireExpiryAndUser(jwt: Jwt): OAuth2TokenValidatorResult = when {
        jwt.expiresAt == null -> invalid("the token has no expiry (exp)")
        jwt.subject?.toLongOrNull()?.takeIf { it > 0 } == null -> invalid("the token's subject must be a numeric user id")
        else -> OAuth2TokenValidatorResult.success()
    }

    private fun invalid(reason: String) = OAuth2TokenValidatorResult.failure(OAuth2Error("invalid_token", reason, null))
}

/** The authenticated user's id: the token's subject. */
fun Jwt.userId(): Long = checkNotNull(subject) { "validated tokens carry a subject" }.toLong()
