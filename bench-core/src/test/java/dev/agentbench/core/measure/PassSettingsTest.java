package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PassSettingsTest {

    /** Every setting away from its default. */
    private static PassSettings changed() {
        return PassSettings.builder().forks(2).measureTime(Duration.ofSeconds(2)).minIterations(3).maxIterations(40)
                .iterations(7).warmupTime(Duration.ofMillis(1500)).warmupMax(Duration.ofSeconds(90)).warmup(4)
                .warmupWindow(Duration.ofMillis(250)).steadyBand(0.05).footprintAgents(5).growthSessions(6)
                .heldSessions(9).coldStarts(8).modelLatency(Duration.ofMillis(20)).modelChunkDelay(Duration.ofMillis(3))
                .loadThreads("virtual").profile("jfr").build();
    }

    @Test
    void theNamesAreTheSettingsOfRunJsonFormat2() {
        assertThat(PassSettings.SETTINGS).extracting(Setting::name).as("run.json's settings, which readers compare")
                .containsExactlyInAnyOrder("iterations", "measureTime", "minIterations", "maxIterations", "warmup",
                        "warmupTime", "warmupMax", "window", "windowIterations", "band", "forks", "footprintAgents", "growthSessions",
                        "heldSessions", "coldStarts", "modelLatency", "modelChunkDelay", "loadThreads", "dryRun", "profile");
    }

    @Test
    void everySettingDeclaredIsListed() {
        List<Object> declared = new ArrayList<>();
        for (Field field : PassSettings.class.getFields()) {
            if (field.getType() == Setting.class && Modifier.isStatic(field.getModifiers())) {
                declared.add(assertDoesNotThrow(() -> field.get(null)));
            }
        }

        assertThat(declared).as("a setting not in SETTINGS is on no command line, in no spec and in no run.json")
                .hasSize(PassSettings.SETTINGS.size()).containsExactlyInAnyOrderElementsOf(PassSettings.SETTINGS);
        assertThat(PassSettings.SETTINGS).extracting(Setting::name).doesNotHaveDuplicates();
    }

    @Test
    void settingsReadBackFromTheirTextAsTheyWere() {
        PassSettings changed = changed();
        Map<String, String> text = changed.toText();

        assertThat(PassSettings.fromText("", text::get)).isEqualTo(changed);
        assertThat(text).containsEntry("iterations", "7").containsEntry("warmupTime", "PT1.5S")
                .containsEntry("band", "0.05").containsEntry("profile", "jfr");
        PassSettings defaults = PassSettings.defaults();
        assertThat(PassSettings.fromText("", defaults.toText()::get)).isEqualTo(defaults).isNotEqualTo(changed);
        assertThat(defaults.toText()).containsEntry("iterations", "time-boxed").containsEntry("modelChunkDelay", "PT0S");
        PassSettings dry = changed.toBuilder().dryRun(true).build();
        assertThat(PassSettings.fromText("", dry.toText()::get)).isEqualTo(dry);
        assertThat(changed.toBuilder().build()).isEqualTo(changed);
    }

    @Test
    void unreadableOrMissingTextIsNamedByItsKey() {
        Map<String, String> text = new java.util.HashMap<>(PassSettings.defaults().toText());
        text.put("band", "narrow");
        assertThatThrownBy(() -> PassSettings.fromText("", text::get))
                .hasMessage("[band] cannot be read as double: [narrow]");
        text.put("band", "0.1");
        text.put("dryRun", "yes");
        assertThatThrownBy(() -> PassSettings.fromText("", text::get))
                .hasMessage("[dryRun] cannot be read as boolean: [yes]");
        text.remove("dryRun");
        assertThatThrownBy(() -> PassSettings.fromText("p.", key -> text.get(key.substring(2))))
                .hasMessage("[p.dryRun] is missing");
    }

    @Test
    void aDryRunTakesEachSettingsDryRunValueButChecksWhatWasGiven() {
        PassSettings dry = changed().toBuilder().dryRun(true).build();

        assertThat(dry.iterations()).isEqualTo(1);
        assertThat(dry.forks()).isEqualTo(1);
        assertThat(dry.warmupMax()).isZero();
        assertThat(dry.profiled()).isFalse();
        assertThat(dry.measureTime()).as("a setting a dry run keeps").isEqualTo(Duration.ofSeconds(2));
        assertThatThrownBy(() -> PassSettings.builder().dryRun(true).forks(0).build())
                .hasMessage("Forks [0] must be at least 1");
    }

    @Test
    void eachOptionsHelpShowsTheSettingsOwnDefault() {
        for (Setting<?> setting : PassSettings.SETTINGS) {
            if (!setting.options().isEmpty() && !setting.flag()) {
                assertThat(setting.help()).as(setting.name()).contains("(default: " + shownDefault(setting))
                        .doesNotContain(Setting.DEFAULT);
            }
        }
        assertThat(PassSettings.MEASURE_TIME.help()).contains("(default: 5s)");
        assertThat(PassSettings.MODEL_LATENCY.help()).contains("(default: 200ms)");
        assertThat(PassSettings.MODEL_CHUNK_DELAY.help()).contains("(default: 0)");
        assertThat(PassSettings.WARMUP_MAX.help()).contains("(default: 60s, or --warmup-time");
        assertThat(PassSettings.ITERATIONS.help()).contains("(default: none, the pass is timed)");
    }

    private static <T> String shownDefault(Setting<T> setting) {
        return setting.show(setting.defaultValue());
    }

    @Test
    void aSettingThatIsNoPassSettingIsRefused() {
        Setting<Integer> stray = Setting.of("stray", Integer.class, 1).build();

        assertThatThrownBy(() -> PassSettings.builder().set(stray, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Setting [stray] is no pass setting; pass settings: [forks, measureTime,");
        assertThatThrownBy(() -> PassSettings.defaults().get(stray)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Setting.of("when", java.time.Instant.class, null))
                .hasMessage("Setting [when] has a type a spec cannot hold: java.time.Instant");
    }
}
