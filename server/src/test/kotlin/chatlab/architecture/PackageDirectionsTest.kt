package chatlab.architecture

import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.ImportOption
import com.tngtech.archunit.library.Architectures.layeredArchitecture
import org.junit.jupiter.api.Test

/**
 * Features depend one way: the experiments and the composed "enter" on top, then `message`, then `room` and `auth`,
 * with `system` (and the SQLite store) underneath importing no feature. A new import against these directions fails
 * here, naming the classes.
 */
class PackageDirectionsTest {
    private val classes: JavaClasses = ClassFileImporter().withImportOption(ImportOption.DoNotIncludeTests()).importPackages("chatlab")

    @Test
    fun `feature packages import only the packages below them`() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("application").definedBy("chatlab")
            .layer("lab").definedBy("chatlab.lab..")
            .layer("enter").definedBy("chatlab.enter..")
            .layer("experiments").definedBy("chatlab.seat..", "chatlab.counter..", "chatlab.pool..")
            .layer("seed").definedBy("chatlab.seed..")
            .layer("message").definedBy("chatlab.message..")
            .layer("room").definedBy("chatlab.room..")
            .layer("auth").definedBy("chatlab.auth..")
            .layer("sqlite").definedBy("chatlab.sqlite..")
            .layer("system").definedBy("chatlab.system..")
            .whereLayer("application").mayNotBeAccessedByAnyLayer()
            .whereLayer("lab").mayNotBeAccessedByAnyLayer()
            .whereLayer("enter").mayNotBeAccessedByAnyLayer()
            .whereLayer("experiments").mayOnlyBeAccessedByLayers("enter", "lab")
            .whereLayer("seed").mayNotBeAccessedByAnyLayer()
            .whereLayer("message").mayOnlyBeAccessedByLayers("enter", "experiments", "seed", "lab")
            .whereLayer("room").mayOnlyBeAccessedByLayers("message", "enter", "experiments", "seed", "lab")
            .whereLayer("auth").mayOnlyBeAccessedByLayers("room", "message", "enter", "experiments", "lab")
            .whereLayer("sqlite").mayOnlyBeAccessedByLayers("message", "experiments", "seed", "lab")
            .whereLayer("system").mayOnlyBeAccessedByLayers("application", "lab", "enter", "experiments", "seed", "message", "room", "auth", "sqlite")
            .check(classes)
    }
}
