def test_home_renders_in_chinese_by_default(client):
    r = client.get("/")
    assert r.status_code == 200
    assert '<html lang="zh-Hans">' in r.get_data(as_text=True)
