plugins {
    java
}

val kafkaVersion = "3.7.0"

dependencies {
    implementation("org.apache.kafka:kafka-clients:$kafkaVersion")
}
