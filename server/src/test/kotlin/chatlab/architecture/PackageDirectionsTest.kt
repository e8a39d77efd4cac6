package chatlab.architecture

import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.ImportOption
import com.tngtech.archunit.library.Architectures.layeredArchitecture
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices
import org.junit.jupiter.api.Test

/**
 * Features depend one way, one layer each: the lab and the composed "enter" on top, then the experiments (`seat`,
 * `counter`, `pool`, `durability`, none of which may import another), `seed`, `message`, then `room` and `auth`, with `system` (and
 * the SQLite store) underneath importing no feature; and no package, at any depth, takes part in a cycle. A new import
 * against these rules fails here, naming the classes.
 */
class PackageDirectionsTest {
    private val classes: JavaClasses = ClassFileImporter().withImportOption(ImportOption.DoNotIncludeTests()).importPackages("chatlab")

    @Test
    fun `feature packages import only the packages below them`() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("application").definedBy("chatlab")
            .layer("lab").definedBy("chatlab.lab..")
            .layer("enter").definedBy("chatlab.enter..")
            .layer("seat").definedBy("chatlab.seat..")
            .layer("counter").definedBy("chatlab.counter..")
            .layer("pool").definedBy("chatlab.pool..")
            .layer("durability").definedBy("chatlab.durability..")
            .layer("seed").definedBy("chatlab.seed..")
            .layer("message").definedBy("chatlab.message..")
            .layer("room").definedBy("chatlab.room..")
            .layer("auth").definedBy("chatlab.auth..")
            .layer("sqlite").definedBy("chatlab.sqlite..")
            .layer("system").definedBy("chatlab.system..")
            .whereLayer("application").mayNotBeAccessedByAnyLayer()
            .whereLayer("lab").mayNotBeAccessedByAnyLayer()
            .whereLayer("enter").mayNotBeAccessedByAnyLayer()
            .whereLayer("seat").mayOnlyBeAccessedByLayers("enter", "lab")
            .whereLayer("counter").mayOnlyBeAccessedByLayers("enter", "lab")
            .whereLayer("pool").mayOnlyBeAccessedByLayers("enter", "lab")
            .whereLayer("durability").mayNotBeAccessedByAnyLayer()
            .whereLayer("seed").mayNotBeAccessedByAnyLayer()
            .whereLayer("message").mayOnlyBeAccessedByLayers("enter", "seat", "counter", "pool", "seed", "lab")
            .whereLayer("room").mayOnlyBeAccessedByLayers("message", "enter", "seat", "counter", "pool", "seed", "lab")
            .whereLayer("auth").mayOnlyBeAccessedByLayers("room", "message", "enter", "seat", "counter", "pool", "lab")
            .whereLayer("sqlite").mayOnlyBeAccessedByLayers("message", "seat", "counter", "pool", "durability", "seed", "lab")
            .whereLayer("system").mayOnlyBeAccessedByLayers("application", "lab", "enter", "seat", "counter", "pool", "durability", "seed", "message", "room", "auth", "sqlite")
            .check(classes)
    }

    @Test
    fun `no package takes part in a cycle, at any depth`() {
        slices().matching("chatlab.(**)").should().beFreeOfCycles().check(classes)
    }
}
