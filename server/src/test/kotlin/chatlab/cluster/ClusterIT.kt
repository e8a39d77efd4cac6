package chatlab.cluster

import org.junit.platform.suite.api.SelectClasses
import org.junit.platform.suite.api.Suite

/**
 * The tests that share one [Cluster] ([SharedCluster]) run as this one suite, so that failsafe hands them to one JVM:
 * run as classes of their own, two forks could each take one and start a cluster of their own (four more JVMs, about
 * 25 s of two cores). `-Dit.test=ClusterIT` runs them alone.
 */
@Suite
@SelectClasses(CrossInstanceIT::class, FaultDrillIT::class)
class ClusterIT
