package chatlab.counter

import org.springframework.http.HttpStatus
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController

/** `POST` counts one view of a room, `GET` returns the count: `store=mysql|sqlite|sqlite-tuned`, `mode=counter|log`. */
@RestController
@RequestMapping("/api/v1/chat-rooms/{roomId}/views")
class ViewController(private val views: ViewService) {

    @PostMapping
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun record(@PathVariable roomId: Long, @RequestParam store: String, @RequestParam mode: String) =
        views.record(roomId, ViewStore.of(store), CounterMode.of(mode))

    @GetMapping
    fun count(@PathVariable roomId: Long, @RequestParam store: String, @RequestParam mode: String): ViewCount =
        views.count(roomId, ViewStore.of(store), CounterMode.of(mode))
}
