package dev.agentbench.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.Profile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PackageGroupsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        // the framework under test, its libraries, and the targets' adapters
        "com.google.adk.agents.LlmAgent|framework",
        "io.reactivex.rxjava3.core.Flowable|framework",
        "kotlin.collections.CollectionsKt|framework",
        "dev.agentbench.llmagent.LlmAgentTarget|framework",
        "dev.agentbench.builtin.target.RawTarget|framework",
        "dev.agentbench.builtinx.Other|framework",
        // the harness, its relocated libraries included
        "dev.agentbench.core.measure.Passes|harness",
        "dev.agentbench.api.ScriptChecks|harness",
        "dev.agentbench.builtin.benchmark.TurnBenchmark|harness",
        "dev.agentbench.builtin.tool.Add|harness",
        "dev.agentbench.mock.MockMain|harness",
        "dev.agentbench.testkit.TargetContract|harness",
        "dev.agentbench.shaded.picocli.CommandLine|harness",
        // the harness's relocated Jackson, which the raw floor's agent loop uses, is JSON
        "dev.agentbench.shaded.jackson.databind.ObjectMapper|JSON",
        // JSON, before the JDK's javax.
        "com.fasterxml.jackson.databind.ObjectMapper|JSON",
        "com.google.gson.Gson|JSON",
        "com.squareup.moshi.Moshi|JSON",
        "kotlinx.serialization.json.Json|JSON",
        "org.json.JSONObject|JSON",
        "jakarta.json.Json|JSON",
        "javax.json.Json|JSON",
        "com.alibaba.fastjson2.JSON|JSON",
        // HTTP clients, the JDK's before the JDK
        "java.net.http.HttpClient|HTTP client",
        "jdk.internal.net.http.HttpClientImpl|HTTP client",
        "sun.net.www.protocol.http.HttpURLConnection|HTTP client",
        "okhttp3.OkHttpClient|HTTP client",
        "okio.Buffer|HTTP client",
        "io.netty.buffer.ByteBuf|HTTP client",
        "reactor.netty.http.client.HttpClient|HTTP client",
        "org.apache.hc.client5.http.impl.classic.CloseableHttpClient|HTTP client",
        "org.apache.http.impl.client.CloseableHttpClient|HTTP client",
        "io.ktor.client.HttpClient|HTTP client",
        "io.vertx.core.Vertx|HTTP client",
        // the JDK
        "java.lang.String|JDK",
        "java.net.URI|JDK",
        "javax.net.ssl.SSLContext|JDK",
        "jdk.internal.misc.Unsafe|JDK",
        "sun.nio.ch.EPoll|JDK",
        "com.sun.crypto.provider.AESCrypt|JDK",
    })
    void aClassBelongsToTheGroupOfTheFirstRuleThatMatches(String className, String group) {
        assertThat(PackageGroups.of(className)).isEqualTo(group);
    }

    @Test
    void theGroupsAreTheProfilesGroupsAndEveryRuleNamesOne() {
        assertThat(List.of(PackageGroups.FRAMEWORK, PackageGroups.HTTP_CLIENT, PackageGroups.JSON, PackageGroups.JDK,
                PackageGroups.HARNESS)).containsExactlyElementsOf(Profile.GROUPS);
        assertThat(PackageGroups.RULES).extracting(Map.Entry::getValue).allMatch(Profile.GROUPS::contains)
                .doesNotContain(PackageGroups.FRAMEWORK);
        assertThat(PackageGroups.RULES).extracting(Map.Entry::getKey).doesNotHaveDuplicates()
                .contains("com.fasterxml.jackson.", "io.netty.", "dev.agentbench.shaded.");
    }
}
