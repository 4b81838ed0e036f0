package dev.agentbench.core.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.aether.repository.RemoteRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MavenResolutionTest {

    @TempDir
    Path dir;

    @Test
    void offlineAnArtifactNotInTheLocalRepositoryIsRefusedNamingIt() {
        MavenResolution maven = new MavenResolution(dir.resolve("empty-repo"),
                List.of(new RemoteRepository.Builder("central", "default", MavenResolution.CENTRAL).build()), true);

        assertThatThrownBy(() -> maven.resolve(List.of("dev.langchain4j:langchain4j:0.0.1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot resolve [dev.langchain4j:langchain4j:0.0.1] offline: ")
                .hasMessageContaining("dev.langchain4j:langchain4j")
                .hasMessageContaining("0.0.1")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void settingsGiveTheLocalRepositoryMirrorsAndActiveProfilesRepositories() throws IOException {
        Path settings = dir.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <localRepository>%s</localRepository>
                  <offline>true</offline>
                  <mirrors>
                    <mirror><id>corp</id><url>https://repo.example.test/maven</url><mirrorOf>central</mirrorOf></mirror>
                  </mirrors>
                  <profiles>
                    <profile><id>extra</id>
                      <repositories><repository><id>snapshots</id><url>https://snap.example.test/</url></repository></repositories>
                    </profile>
                    <profile><id>unused</id>
                      <repositories><repository><id>unused</id><url>https://unused.example.test/</url></repository></repositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>extra</activeProfile></activeProfiles>
                </settings>
                """.formatted(dir.resolve("local")));

        MavenResolution maven = MavenResolution.fromSettings(settings, false);

        assertThat(maven.localRepository()).isEqualTo(dir.resolve("local"));
        assertThat(maven.offline()).isTrue();
        assertThat(maven.remotes()).extracting(RemoteRepository::getId).containsExactly("corp", "snapshots");
        assertThat(maven.remotes().get(0).getUrl()).isEqualTo("https://repo.example.test/maven");
    }

    @Test
    void withoutSettingsItIsMavenCentral() {
        MavenResolution maven = MavenResolution.fromSettings(dir.resolve("none.xml"), false);

        assertThat(maven.remotes()).extracting(RemoteRepository::getUrl).containsExactly(MavenResolution.CENTRAL);
        assertThat(maven.offline()).isFalse();
    }
}
