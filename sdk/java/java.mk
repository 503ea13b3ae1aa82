# The Java SDK: for now a Maven project holding the constants generated from protocol-spec (plus a JUnit test).
# -q -B keeps Maven quiet and non-interactive; after the first run it works from ~/.m2 (add -o to force offline).
.PHONY: test-java
test-java: ## the java SDK suite (mvn test in sdk/java)
	cd sdk/java && mvn -q -B test && cat target/surefire-reports/*.txt | grep -h "Tests run"
