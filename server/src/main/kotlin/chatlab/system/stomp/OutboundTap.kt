package chatlab.system.stomp

import org.springframework.messaging.support.ExecutorChannelInterceptor

/**
 * A look at the frames on their way to clients, registered by the feature that owns them (the send path's timers):
 * `preSend` as a frame joins a session's outbound queue, `afterMessageHandled` once it is written to the WebSocket.
 */
interface OutboundTap : ExecutorChannelInterceptor
